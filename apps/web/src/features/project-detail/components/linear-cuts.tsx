import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MovieCreationOutlined from '@mui/icons-material/MovieCreationOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  can,
  walkWithPicks,
  type LinearCut,
  type PlotNode,
  type Project,
  type StoryVariable,
} from '@plotline/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captionOf } from '../../../lib/caption-of.ts';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useLanguageName } from '../../../lib/use-language-name.ts';
import { useSubject } from '../../../lib/use-subject.ts';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden.ts';
import {
  useDeleteLinearCut,
  useDownloadLinearCut,
  useLinearCuts,
  useRequestLinearCut,
} from '../api/linear-cuts.ts';

interface LinearCutsProps {
  project: Project;
  plot: PlotNode[];
  variables: StoryVariable[];
}

/** A choice of the path being picked: where it is asked, its options, and the pick made there. */
interface PathChoice {
  at: number;
  options: number[];
  picked: number | null;
}

/**
 * The choices of the path the picks make, each with its options, by core's own walk (the player's
 * step rule): the picks made, then the choice still open, if any.
 */
function choicesOf(plot: PlotNode[], variables: StoryVariable[], picks: number[]): PathChoice[] {
  const choices: PathChoice[] = [];
  for (let index = 0; index <= picks.length; index += 1) {
    const walk = walkWithPicks(plot, variables, picks.slice(0, index));
    if (walk.kind !== 'choose') break;
    choices.push({ at: walk.at, options: walk.options, picked: picks[index] ?? null });
  }
  return choices;
}

/**
 * The linear cuts of a project (detail page): a path picked by walking the story choice by choice
 * (automatic branches and links follow by themselves, as in the player), a subtitle language, and
 * "Render"; then the cuts with their progress, asked again while one is under way, to download
 * or delete. Rendering and deleting are for whoever may change projects (canAddProject); whoever
 * may only read the project sees the cuts and downloads them.
 */
export function LinearCuts({ project, plot, variables }: LinearCutsProps) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const languageName = useLanguageName();
  const subject = useSubject();
  const mayChange = subject !== null && can(subject, 'canAddProject');
  const pathId = useId();
  const [picks, setPicks] = useState<number[]>([]);
  const [languageId, setLanguageId] = useState<number | null>(null);
  const cuts = useLinearCuts(project.movieId);
  const request = useRequestLinearCut(project.movieId);
  const remove = useDeleteLinearCut(project.movieId);
  const download = useDownloadLinearCut(project.movieId);
  useErrorToast(request.error ?? remove.error ?? download.error);

  const nodeOf = useMemo(() => new Map(plot.map((node) => [node.movie_plot_id, node])), [plot]);
  const nameOf = (nodeId: number) => {
    const contentId = nodeOf.get(nodeId)?.movie_content_id;
    const item = project.movieContent.find((entry) => entry.movie_content_id === contentId);
    if (!item) return t('linearCut.noItem');
    return captionOf(item, project.primaryLanguageId) || item.file_name;
  };
  const choices = useMemo(() => choicesOf(plot, variables, picks), [plot, variables, picks]);
  const walk = useMemo(() => walkWithPicks(plot, variables, picks), [plot, variables, picks]);
  const complete = walk.kind === 'end';
  // Languages with a subtitle on some item of the path: the server refuses one with none.
  const languages = useMemo(() => {
    const ids = new Set<number>();
    for (const nodeId of walk.path) {
      const contentId = nodeOf.get(nodeId)?.movie_content_id;
      const item = project.movieContent.find((entry) => entry.movie_content_id === contentId);
      for (const language of item?.lang ?? []) if (language.file) ids.add(language.language_id);
    }
    return [...ids].sort((a, b) => a - b);
  }, [walk.path, nodeOf, project.movieContent]);
  const chosenLanguage = languageId !== null && languages.includes(languageId) ? languageId : null;

  const pick = (index: number, value: string) =>
    setPicks((current) =>
      value === '' ? current.slice(0, index) : [...current.slice(0, index), Number(value)],
    );

  const statusText = (cut: LinearCut) => {
    switch (cut.status) {
      case 'queued':
        return t('linearCut.status.queued');
      case 'rendering':
        return t('linearCut.status.rendering', { percent: Math.round(cut.progress * 100) });
      case 'ready':
        return t('linearCut.status.ready');
      case 'failed':
        return t('linearCut.status.failed', { error: cut.error ?? '' });
    }
  };

  if (plot.length === 0) {
    return <Typography color="text.secondary">{t('linearCut.noStoryline')}</Typography>;
  }

  return (
    <Stack spacing={2}>
      {mayChange && (
        <>
          <Typography color="text.secondary">{t('linearCut.intro')}</Typography>
          <Stack spacing={1.5}>
            {choices.map((choice, index) => (
              <TextField
                key={`${index}-${choice.at}`}
                select
                size="small"
                label={t('linearCut.choiceAfter', { name: nameOf(choice.at) })}
                value={choice.picked === null ? '' : String(choice.picked)}
                onChange={(event) => pick(index, event.target.value)}
                slotProps={{ select: { native: true } }}
                sx={{ maxWidth: 480 }}
              >
                <option value="">{t('linearCut.chooseOption')}</option>
                {choice.options.map((option) => (
                  <option key={option} value={String(option)}>
                    {nameOf(option)}
                  </option>
                ))}
              </TextField>
            ))}
          </Stack>
          <Box>
            <Typography variant="subtitle2" component="h4" id={pathId}>
              {t('linearCut.path')}
            </Typography>
            <Box component="ol" aria-labelledby={pathId} sx={{ my: 0.5, ps: 3 }}>
              {walk.path.map((nodeId, index) => (
                <li key={`${index}-${nodeId}`} dir="auto">
                  {nameOf(nodeId)}
                </li>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {complete ? t('linearCut.pathComplete') : t('linearCut.pathOpen')}
            </Typography>
          </Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <TextField
              select
              size="small"
              label={t('linearCut.subtitles')}
              value={chosenLanguage === null ? '' : String(chosenLanguage)}
              onChange={(event) =>
                setLanguageId(event.target.value === '' ? null : Number(event.target.value))
              }
              slotProps={{ select: { native: true } }}
              sx={{ minWidth: 200 }}
            >
              <option value="">{t('linearCut.noSubtitles')}</option>
              {languages.map((id) => (
                <option key={id} value={String(id)}>
                  {languageName(id)}
                </option>
              ))}
            </TextField>
            <Button
              variant="contained"
              startIcon={<MovieCreationOutlined />}
              disabled={!complete}
              loading={request.isPending}
              loadingPosition="start"
              onClick={() => request.mutate({ choices: picks, language_id: chosenLanguage })}
            >
              {t('linearCut.render')}
            </Button>
          </Stack>
        </>
      )}
      <span role="status" style={VISUALLY_HIDDEN}>
        {request.isSuccess ? t('linearCut.queued') : remove.isSuccess ? t('linearCut.deleted') : ''}
      </span>

      <Typography variant="subtitle2" component="h4">
        {t('linearCut.cuts')}
      </Typography>
      {cuts.isError ? (
        <Alert severity="error">{t('linearCut.loadError')}</Alert>
      ) : cuts.data && cuts.data.length === 0 ? (
        <Typography color="text.secondary">{t('linearCut.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(cuts.data ?? []).map((cut) => {
            const date = dateTime(cut.created_at);
            const underWay = cut.status === 'queued' || cut.status === 'rendering';
            return (
              <Box
                component="li"
                key={cut.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {t('linearCut.cutSummary', {
                        date,
                        parts: cut.path.length,
                        language:
                          cut.language_id === null
                            ? t('linearCut.noSubtitles')
                            : languageName(cut.language_id),
                      })}
                    </Typography>
                    <Typography
                      variant="body2"
                      color={cut.status === 'failed' ? 'error' : 'text.secondary'}
                      aria-live="polite"
                    >
                      {statusText(cut)}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                    {cut.status === 'ready' && (
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<FileDownloadOutlined />}
                        loading={download.isPending && download.variables === cut.id}
                        loadingPosition="start"
                        onClick={() => download.mutate(cut.id)}
                        aria-label={t('linearCut.downloadCut', { date })}
                      >
                        {t('linearCut.download')}
                      </Button>
                    )}
                    {mayChange && (
                      <Button
                        size="small"
                        color="error"
                        startIcon={<DeleteOutline />}
                        disabled={remove.isPending && remove.variables === cut.id}
                        onClick={() => remove.mutate(cut.id)}
                        aria-label={t('linearCut.deleteCut', { date })}
                      >
                        {t('linearCut.delete')}
                      </Button>
                    )}
                  </Stack>
                </Stack>
                {underWay && (
                  <LinearProgress
                    variant={cut.status === 'queued' ? 'indeterminate' : 'determinate'}
                    value={Math.round(cut.progress * 100)}
                    aria-label={t('linearCut.progress', { date })}
                    sx={{ mt: 1 }}
                  />
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
