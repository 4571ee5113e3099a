import AppSettingsAltOutlined from '@mui/icons-material/AppSettingsAltOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DonutSmallOutlined from '@mui/icons-material/DonutSmallOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import MovieFilterOutlined from '@mui/icons-material/MovieFilterOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import VideoCallOutlined from '@mui/icons-material/VideoCallOutlined';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { canAny, type Right, type Subject } from '@plotline/core';

export interface MenuEntry {
  key: string;
  /** An i18n key. */
  name: string;
  icon: SvgIconComponent;
  link: string;
  /** Any one of them shows the entry; none means every signed-in user sees it. */
  rights?: readonly Right[];
}

export interface MenuGroup {
  key: string;
  /** An i18n key. */
  name: string;
  icon: SvgIconComponent;
  child: readonly MenuEntry[];
}

/**
 * The menu of spec §2 "Sidebar menu", the one definition every layout and the header search read.
 * A group has no rights of its own: it shows when the user may see any of its entries.
 */
export const MENU: readonly MenuGroup[] = [
  {
    key: 'dashboard',
    name: 'menu.dashboard',
    icon: SpaceDashboardOutlined,
    child: [
      { key: 'dashboard-home', name: 'menu.dashboard', icon: SpaceDashboardOutlined, link: '/app' },
    ],
  },
  {
    key: 'management',
    name: 'menu.management',
    icon: ManageAccountsOutlined,
    child: [
      {
        key: 'company-list',
        name: 'menu.companyList',
        icon: BusinessOutlined,
        link: '/app/company-list',
        rights: ['canSeeCompanyList'],
      },
      {
        key: 'users-list',
        name: 'menu.usersList',
        icon: PeopleAltOutlined,
        link: '/app/users-list',
        rights: ['seeUserList'],
      },
      {
        key: 'internal-users-list',
        name: 'menu.internalUsersList',
        icon: BadgeOutlined,
        link: '/app/internal-users-list',
        rights: ['seeInternalUserList'],
      },
      {
        // Beyond the spec's menu: the addresses left on the coming-soon page, for the operator.
        key: 'news-signups',
        name: 'menu.newsSignups',
        icon: MarkEmailUnreadOutlined,
        link: '/app/news-signups',
        rights: ['canSeeCompanyList'],
      },
    ],
  },
  {
    key: 'project',
    name: 'menu.project',
    icon: MovieFilterOutlined,
    child: [
      {
        key: 'project-list',
        name: 'menu.projectList',
        icon: VideoLibraryOutlined,
        link: '/app/project-list',
        rights: ['canSeeProject'],
      },
      {
        key: 'project-create',
        name: 'menu.projectAdd',
        icon: VideoCallOutlined,
        link: '/app/project-create',
        rights: ['canAddProject'],
      },
    ],
  },
  {
    key: 'app-management',
    name: 'menu.appManagement',
    icon: AppSettingsAltOutlined,
    child: [
      {
        key: 'promoted',
        name: 'menu.promotedContents',
        icon: CampaignOutlined,
        link: '/app/promoted',
        rights: ['canSeeAppPromoted'],
      },
      {
        key: 'segment',
        name: 'menu.segmentManagement',
        icon: DonutSmallOutlined,
        link: '/app/segment',
        rights: ['canSeeAppSegment'],
      },
    ],
  },
  {
    key: 'activity-log',
    name: 'menu.activityLog',
    icon: HistoryOutlined,
    child: [
      {
        key: 'activity-log-list',
        name: 'menu.list',
        icon: ListAltOutlined,
        link: '/app/activity-log',
        rights: ['canSeeActivityLog'],
      },
    ],
  },
];

/** The groups and entries a user may see, in menu order; a group left without entries is dropped. */
export function visibleMenu(subject: Subject): MenuGroup[] {
  return MENU.map((group) => ({
    ...group,
    child: group.child.filter((entry) => canAny(subject, entry.rights)),
  })).filter((group) => group.child.length > 0);
}

/** Whether an entry is the page at `pathname` or one of its sub-pages (`/app` only matches itself). */
export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (entry.link === '/app') return path === '/app' || path === '/app/dashboard';
  return path === entry.link || path.startsWith(`${entry.link}/`);
}
