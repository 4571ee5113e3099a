import TimerOutlined from '@mui/icons-material/TimerOutlined';
import WebAssetOutlined from '@mui/icons-material/WebAssetOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCount } from '@plotline/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, type ChoiceSplit } from '../model/choice-splits.ts';

const ChoiceSplitChart = lazy(() => import('./choice-split-chart.tsx'));

const noteStyle = { display: 'flex', alignItems: 'center', gap: 0.5 } as const;

/** Per choice node: a stacked bar and, in words, each option's share and count. */
export function ChoiceSplitCards({ choices }: { choices: readonly ChoiceSplit[] }) {
  const { t } = useTranslation();
  if (choices.length === 0) {
    return <Typography color="text.secondary">{t('projectDetail.figures.noChoices')}</Typography>;
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {choices.map((choice) => (
        <Paper
          key={choice.id}
          variant="outlined"
          component="section"
          aria-label={t('projectDetail.figures.choiceAt', { caption: choice.caption })}
          sx={{ p: 2, minWidth: 0 }}
        >
          <Typography variant="subtitle2" component="h4" dir="auto">
            {t('projectDetail.figures.choiceAt', { caption: choice.caption })}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('projectDetail.figures.choiceTotal', { total: formatCount(choice.total) })}
          </Typography>
          {choice.timed && (
            <Typography variant="caption" color="text.secondary" component="p" sx={noteStyle}>
              <TimerOutlined aria-hidden sx={{ fontSize: 16 }} />
              {t('projectDetail.figures.defaultTaken', {
                times: formatCount(choice.defaults),
                percent: formatPercent(choice.defaultPercent),
              })}
            </Typography>
          )}
          {choice.byHost > 0 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={noteStyle}>
              <WebAssetOutlined aria-hidden sx={{ fontSize: 16 }} />
              {t('projectDetail.figures.hostTaken', {
                times: formatCount(choice.byHost),
                percent: formatPercent(choice.hostPercent),
              })}
            </Typography>
          )}
          <Suspense fallback={<Skeleton variant="rounded" height={96} />}>
            <ChoiceSplitChart choice={choice} />
          </Suspense>
          <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {choice.options.map((option) => (
              <Box
                component="li"
                key={option.id}
                sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}
              >
                <Typography variant="body2" dir="auto" noWrap sx={{ minWidth: 0 }}>
                  {option.caption}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 700, flexShrink: 0 }}>
                  {t('projectDetail.figures.optionShare', {
                    percent: formatPercent(option.percent),
                    views: formatCount(option.count),
                  })}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}
