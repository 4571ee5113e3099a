import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSegmentProjects, type SegmentProject } from '../api/list-projects.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { isolate } from '../../../lib/isolate.ts';

/** How long the typed title must stay still before the projects are searched for it. */
export const PROJECT_SEARCH_DEBOUNCE_MS = 250;

/** A project the picker shows: one of the list, or only the id a saved condition holds. */
type ShownProject = SegmentProject | { movie_id: number; unresolved: true };

interface ProjectPickerProps {
  label: string;
  /** The picked project's id; null while none is. */
  movieId: number | null;
  onChange: (project: SegmentProject | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  /** Said under the field while there is no error. */
  hint?: string | undefined;
}

/**
 * Picks one of the published app-channel projects, searched by title as the user types. A saved
 * condition holds only the project's id: it is named when it is among the newest projects the
 * picker lists first, else shown as "Project #id" until another is picked.
 */
export function ProjectPicker({
  label,
  movieId,
  onChange,
  onBlur,
  inputRef,
  error,
  hint,
}: ProjectPickerProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [search, setSearch] = useState('');
  const [named, setNamed] = useState<SegmentProject | null>(null);
  const settledSearch = useDebouncedValue(search, PROJECT_SEARCH_DEBOUNCE_MS);
  const projects = useSegmentProjects(settledSearch);
  const rows = projects.data?.rows ?? [];

  // The value must stay the same object while it names the same project: the field rewrites what
  // is typed in it whenever its value changes. So a saved id is named from the unsearched list
  // only (the newest projects), never from a search the user is typing.
  const newest = search === '' && settledSearch === '' && !projects.isPlaceholderData;
  const found = newest ? rows.find((project) => project.movie_id === movieId) : undefined;
  if (found && named?.movie_id !== movieId) setNamed(found);
  const unresolved = useMemo<ShownProject | null>(
    () => (movieId === null ? null : { movie_id: movieId, unresolved: true }),
    [movieId],
  );
  const value = named !== null && named.movie_id === movieId ? named : unresolved;
  const labelOf = (project: ShownProject) =>
    'unresolved' in project
      ? t('appSegments.builder.projectNumber', { id: project.movie_id })
      : project.title;
  const detailOf = (project: SegmentProject) =>
    [
      isolate(project.company_name),
      project.series_title &&
        t('appSegments.builder.episodeOf', {
          number: project.episode_number ?? '',
          series: isolate(project.series_title),
        }),
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Autocomplete<ShownProject>
      options={rows}
      value={value}
      loading={projects.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={labelOf}
      getOptionKey={(project) => project.movie_id}
      isOptionEqualToValue={(option, current) => option.movie_id === current.movie_id}
      onInputChange={(_event, text, reason) => setSearch(reason === 'input' ? text : '')}
      onChange={(_event, project) => {
        const chosen = project && !('unresolved' in project) ? project : null;
        setNamed(chosen);
        onChange(chosen);
      }}
      onBlur={onBlur}
      autoHighlight
      noOptionsText={
        projects.error ? messageText(projects.error.message) : t('appSegments.builder.noProjects')
      }
      loadingText={t('appSegments.builder.projectsLoading')}
      renderOption={({ key, ...props }, project) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <ProjectArtwork project={project} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {labelOf(project)}
            </Typography>
            {!('unresolved' in project) && (
              <Typography variant="caption" color="text.secondary" component="div">
                {detailOf(project)}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          inputRef={inputRef}
          label={label}
          error={error !== undefined}
          helperText={error ?? hint}
        />
      )}
    />
  );
}

function ProjectArtwork({ project }: { project: ShownProject }) {
  const image = 'unresolved' in project ? null : project.thumbnail_desktop;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        width: 56,
        aspectRatio: '16 / 9',
        flexShrink: 0,
        borderRadius: 0.5,
        overflow: 'hidden',
        bgcolor: image ? 'common.black' : 'action.hover',
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
      }}
    >
      {image ? (
        <Box
          component="img"
          src={image}
          alt=""
          loading="lazy"
          sx={{ position: 'absolute', inset: 0, width: 1, height: 1, objectFit: 'cover' }}
        />
      ) : (
        <MovieOutlined fontSize="small" />
      )}
    </Box>
  );
}
