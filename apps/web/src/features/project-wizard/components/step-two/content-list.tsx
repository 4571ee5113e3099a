import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { MovieContentStatus } from '@plotline/core';
import type { ReactNode } from 'react';
import { NoData } from '../../../../components/no-data.tsx';
import { ContentItem } from './content-item.tsx';

interface ContentListProps {
  /** Names the list, e.g. "Clips". */
  label: string;
  items: MovieContentStatus[];
  loading: boolean;
  /** Why the list could not be read. */
  error: string | null;
  emptyHint: string;
  /** None where items cannot be retried or deleted (a published project's). */
  onRetry?: (id: number) => void;
  onPlay: (item: MovieContentStatus) => void;
  onDelete?: (item: MovieContentStatus) => void;
  /** What each item shows under its status. */
  renderDetails: (item: MovieContentStatus) => ReactNode;
}

/** The clips or the bridges of a project, newest last. */
export function ContentList({
  label,
  items,
  loading,
  error,
  emptyHint,
  onRetry,
  onPlay,
  onDelete,
  renderDetails,
}: ContentListProps) {
  if (error) return <Alert severity="error">{error}</Alert>;
  if (loading) {
    return (
      <Stack spacing={1.5} aria-busy>
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={88} />
      </Stack>
    );
  }
  if (items.length === 0) return <NoData hint={emptyHint} />;
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <ContentItem
          key={item.movie_content_id}
          item={item}
          onRetry={onRetry}
          onPlay={onPlay}
          onDelete={onDelete}
        >
          {renderDetails(item)}
        </ContentItem>
      ))}
    </Stack>
  );
}
