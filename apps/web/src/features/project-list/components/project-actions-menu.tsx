import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ProjectStatus } from '@plotline/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { RowActionsMenu, type RowAction } from '../../../components/row-actions-menu.tsx';
import { useCopyLink } from '../../../lib/use-copy-link.ts';
import { useDeleteProject } from '../api/delete-project.ts';
import {
  addEpisodeAddress,
  projectDetailAddress,
  projectEditAddress,
  seriesAddress,
} from '../model/project-list-view.ts';

/** What the actions of a single project or an episode need to know of it. */
export interface ProjectActionsTarget {
  movieId: number;
  title: string;
  status: ProjectStatus;
  watch_url: string | null;
}

interface ProjectActionsMenuProps {
  project: ProjectActionsTarget;
  /** The viewer holds canAddProject: drafts may be edited and deleted. */
  mayChange: boolean;
}

/**
 * The ⋮ menu of a project: open its page, copy its watch link and, for a draft and a viewer who may
 * change projects, edit it in the wizard or delete it after 'Delete item, are you sure?'. A published
 * project can no longer be changed (spec §4), so it offers neither.
 */
export function ProjectActionsMenu({ project, mayChange }: ProjectActionsMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copyLink = useCopyLink();
  const [confirming, setConfirming] = useState(false);
  const changeable = mayChange && project.status === 'draft';

  const actions: RowAction[] = [
    {
      label: t('projectList.open'),
      icon: <VisibilityOutlined fontSize="small" />,
      onClick: () => void navigate(projectDetailAddress(project.movieId)),
    },
  ];
  if (changeable) {
    actions.push({
      label: t('projectList.edit'),
      icon: <EditOutlined fontSize="small" />,
      onClick: () => void navigate(projectEditAddress(project.movieId)),
    });
  }
  const watchUrl = project.watch_url;
  if (watchUrl) {
    actions.push({
      label: t('projectList.copyLink'),
      icon: <ContentCopyRounded fontSize="small" />,
      onClick: () => void copyLink(watchUrl),
    });
  }
  if (changeable) {
    actions.push({
      label: t('projectList.delete'),
      icon: <DeleteOutline fontSize="small" />,
      onClick: () => setConfirming(true),
    });
  }

  return (
    <>
      <RowActionsMenu name={project.title} actions={actions} />
      {confirming && <DeleteProjectDialog project={project} onClose={() => setConfirming(false)} />}
    </>
  );
}

interface DeleteProjectDialogProps {
  project: ProjectActionsTarget;
  onClose: () => void;
}

/** Deletes a draft and its media once confirmed; says so, or why the server refused. */
function DeleteProjectDialog({ project, onClose }: DeleteProjectDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteProject();
  return (
    <ConfirmDeleteDialog
      title={t('projectList.deleteTitle')}
      detail={project.title}
      deletedMessage={t('projectList.deletedToast', { title: project.title })}
      remove={remove}
      variables={project.movieId}
      onClose={onClose}
    />
  );
}

interface SeriesActionsMenuProps {
  series: { id: number; title: string };
  mayChange: boolean;
}

/** The ⋮ menu of a series row: open its page and, for a viewer who may add projects, add an episode. */
export function SeriesActionsMenu({ series, mayChange }: SeriesActionsMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions: RowAction[] = [
    {
      label: t('projectList.openSeries'),
      icon: <VisibilityOutlined fontSize="small" />,
      onClick: () => void navigate(seriesAddress(series.id)),
    },
  ];
  if (mayChange) {
    actions.push({
      label: t('projectList.addEpisode'),
      icon: <AddCircleOutline fontSize="small" />,
      onClick: () => void navigate(addEpisodeAddress(series.id)),
    });
  }
  return <RowActionsMenu name={series.title} actions={actions} />;
}
