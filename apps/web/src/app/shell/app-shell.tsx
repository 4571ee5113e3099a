import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { LayoutName } from '@plotline/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MaintenanceGate } from '../../features/maintenance/components/maintenance-gate.tsx';
import { WelcomeGuide } from '../../features/welcome-guide/components/welcome-guide.tsx';
import { useAppStore } from '../../lib/app-store.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AppHeader } from './header/app-header.tsx';
import { BigSidebarDrawer } from './layouts/big-sidebar-drawer.tsx';
import { MobileDrawer } from './layouts/mobile-drawer.tsx';
import { SidebarDrawer } from './layouts/sidebar-drawer.tsx';
import { MegaMenuBar } from './menu/mega-menu-bar.tsx';
import { TopNavigationBar } from './menu/top-navigation-bar.tsx';
import { PageContent } from './page-content.tsx';
import { PageHeading } from './page-heading.tsx';

const SIDE_MENUS: Partial<Record<LayoutName, ReactNode>> = {
  sidebar: <SidebarDrawer />,
  'big-sidebar': <BigSidebarDrawer />,
};

const TOP_MENUS: Partial<Record<LayoutName, ReactNode>> = {
  'top-navigation': <TopNavigationBar />,
  'mega-menu': <MegaMenuBar />,
};

function useDocumentTitle(title: string, appName: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}

/** The frame around every /app page: the chosen layout's menu, the header, the page. */
export function AppShell() {
  const { t } = useTranslation();
  const layout = useAppStore((state) => state.layout);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const mobile = useMediaQuery(useTheme().breakpoints.down('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  useDocumentTitle(usePageTitle(useLocation().pathname), t('app.name'));

  const sideMenu = mobile ? undefined : SIDE_MENUS[layout];
  const topMenu = mobile ? undefined : TOP_MENUS[layout];
  const menuButton = mobile
    ? { label: t('header.openMenu'), onClick: () => setDrawerOpen(true) }
    : sideMenu
      ? { label: t('header.toggleSidebar'), onClick: toggleSidebar }
      : undefined;

  return (
    <Box
      data-layout={layout}
      sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}
    >
      {sideMenu}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader menuButton={menuButton} showBrand={mobile || !sideMenu} />
        {topMenu}
        <Box
          component="main"
          sx={{
            flex: 1,
            width: '100%',
            maxWidth: topMenu ? 1440 : undefined,
            mx: 'auto',
            px: { xs: 2, md: 4 },
            py: { xs: 2.5, md: 4 },
          }}
        >
          <MaintenanceGate />
          <PageHeading />
          <PageContent />
        </Box>
      </Box>
      <WelcomeGuide />
      {mobile && (
        <MobileDrawer
          open={drawerOpen}
          onOpen={() => setDrawerOpen(true)}
          onClose={() => setDrawerOpen(false)}
        />
      )}
    </Box>
  );
}
