import Alert from '@mui/material/Alert';
import { MESSAGES } from '@plotline/core';
import { useNavigate, useParams } from 'react-router';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { ContentPanel } from './step-two/content-panel.tsx';

function parseMovieId(param: string | undefined): number | null | undefined {
  if (param === undefined) return undefined;
  return /^[1-9]\d*$/.test(param) ? Number(param) : null;
}

/**
 * /app/project-create/{movieId?}: the project wizard, so far its clips and bridges. Without an id
 * the first upload makes a draft, and the address takes its id so a reload finds it again.
 */
export function ProjectCreatePage() {
  const { movieId: param } = useParams();
  const navigate = useNavigate();
  const messageText = useMessageText();
  const movieId = parseMovieId(param);

  if (movieId === null) {
    return <Alert severity="error">{messageText(MESSAGES.projectNotFound)}</Alert>;
  }
  return (
    <ContentPanel
      movieId={movieId}
      onProjectCreated={(id) => void navigate(`/app/project-create/${id}`, { replace: true })}
    />
  );
}
