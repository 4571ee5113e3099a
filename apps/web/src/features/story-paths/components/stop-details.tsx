import CallSplitRounded from '@mui/icons-material/CallSplitRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import NorthEastRounded from '@mui/icons-material/NorthEastRounded';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCondition, formatEffect } from '@plotline/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemThumbnail } from '../../../components/item-thumbnail.tsx';
import { useLogicWords } from '../../../lib/use-logic-words.ts';
import type { OptionView, StopView } from '../model/path-trail.ts';
import type { PlotLabel } from '../model/plot-labels.ts';
import { stepSentence } from '../model/step-sentence.ts';

interface StopDetailsProps {
  view: StopView;
  labels: ReadonlyMap<number, PlotLabel>;
  /** Goes on to this plot (an option, a link, the timer's default). */
  onGo: (id: number) => void;
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
}

const STEP_ICONS = {
  ending: <FlagRounded />,
  stuck: <WarningAmberRounded />,
  follow: <NorthEastRounded />,
  choose: <CallSplitRounded />,
};

/** One option: its plot, its condition, whether it holds here, and the way to take it. */
function OptionRow({
  option,
  auto,
  canChoose,
  label,
  onGo,
}: {
  option: OptionView;
  auto: boolean;
  canChoose: boolean;
  label: PlotLabel | undefined;
  onGo: (id: number) => void;
}) {
  const { t } = useTranslation();
  const words = useLogicWords();
  const caption = label?.caption || t('storyPaths.noItem');
  const { condition } = option.node;
  const status = auto
    ? t(option.holds ? 'storyPaths.option.holds' : 'storyPaths.option.fails')
    : t(option.holds ? 'storyPaths.option.shown' : 'storyPaths.option.hidden');
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: option.taken ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: option.holds ? 'background.paper' : 'action.hover',
      }}
    >
      <ItemThumbnail item={label?.item} width={72} />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <bdi>{caption}</bdi>
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {condition ? (
            <>
              {t(auto ? 'storyPaths.option.takenWhen' : 'storyPaths.option.shownWhen')}{' '}
              {/* In the page's direction: an Arabic reader reads 'met_alex is yes' from the right. */}
              <Box component="span" sx={{ fontFamily: 'monospace', unicodeBidi: 'isolate' }}>
                {formatCondition(condition, words)}
              </Box>
            </>
          ) : (
            t('storyPaths.option.noCondition')
          )}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            color={option.holds ? 'success' : 'default'}
            label={status}
          />
          {option.isDefault && (
            <Chip
              size="small"
              variant="outlined"
              label={t(auto ? 'storyPaths.option.fallback' : 'storyPaths.option.default')}
            />
          )}
          {option.taken && (
            <Chip size="small" color="primary" label={t('storyPaths.option.taken')} />
          )}
        </Stack>
      </Box>
      {canChoose && option.holds && (
        <Button
          variant="outlined"
          size="small"
          onClick={() => onGo(option.node.movie_plot_id)}
          aria-label={t('storyPaths.chooseOption', { caption })}
          sx={{ flexShrink: 0, marginInlineStart: 'auto' }}
        >
          {t('storyPaths.choose')}
        </Button>
      )}
    </Box>
  );
}

/**
 * The plot where the path is: what it is, what its effects did on reaching it, and what it offers
 * for the values there, as core's step rule decides it.
 */
export function StopDetails({ view, labels, onGo, headingId, headingRef }: StopDetailsProps) {
  const { t } = useTranslation();
  const words = useLogicWords();
  const { node, step, options } = view;
  const label = labels.get(node.movie_plot_id);
  const nameOf = (id: number) => labels.get(id)?.caption || t('storyPaths.noItem');
  const auto = node.branch === 'auto';
  const subheading = { variant: 'subtitle2', component: 'h4', sx: { fontWeight: 700 } } as const;

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
        <ItemThumbnail item={label?.item} width={120} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {t(`storyPaths.kind.${label?.kind ?? 'clip'}`)}
          </Typography>
          <Typography
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            component="h3"
            variant="h6"
            sx={{ outline: 'none', overflowWrap: 'anywhere' }}
          >
            {t('storyPaths.nowAt', { caption: label?.caption || t('storyPaths.noItem') })}
          </Typography>
        </Box>
      </Stack>

      <Box>
        <Typography {...subheading}>{t('storyPaths.effects')}</Typography>
        {node.effects.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('storyPaths.noEffects')}
          </Typography>
        ) : (
          <Stack
            component="ul"
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
          >
            {node.effects.map((effect, index) => (
              <li key={index}>
                <Chip
                  size="small"
                  label={
                    <Box component="span" sx={{ unicodeBidi: 'isolate' }}>
                      {formatEffect(effect, words)}
                    </Box>
                  }
                  sx={{ fontFamily: 'monospace' }}
                />
              </li>
            ))}
          </Stack>
        )}
      </Box>

      <Box>
        <Typography {...subheading}>{t('storyPaths.offers')}</Typography>
        <Alert
          severity={step.kind === 'stuck' ? 'warning' : 'info'}
          icon={STEP_ICONS[step.kind]}
          // The panel's own live region tells where the path is; this must not interrupt it.
          role="note"
          sx={{ mt: 1 }}
          action={
            step.kind === 'follow' ? (
              <Button color="inherit" size="small" onClick={() => onGo(step.next)}>
                {t('storyPaths.follow')}
              </Button>
            ) : undefined
          }
        >
          {stepSentence(view, nameOf, t)}
        </Alert>
        {step.kind === 'choose' &&
          step.decision_seconds !== null &&
          step.default_option_id !== null && (
            <Alert
              severity="info"
              variant="outlined"
              icon={<TimerOutlined />}
              role="note"
              sx={{ mt: 1 }}
            >
              {t('storyPaths.step.timer', {
                seconds: step.decision_seconds,
                caption: nameOf(step.default_option_id),
              })}
              {/* Under the words, not beside them: a narrow screen has no room for both. */}
              <Box sx={{ mt: 1 }}>
                <Button
                  color="inherit"
                  size="small"
                  variant="outlined"
                  onClick={() => onGo(step.default_option_id!)}
                >
                  {t('storyPaths.letTimerRunOut')}
                </Button>
              </Box>
            </Alert>
          )}
        {view.timerIdle && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('storyPaths.step.timerIdle')}
          </Typography>
        )}
      </Box>

      {options.length > 0 && (
        <Box>
          <Typography {...subheading}>
            {t(auto ? 'storyPaths.optionsAuto' : 'storyPaths.options')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {options.map((option) => (
              <OptionRow
                key={option.node.movie_plot_id}
                option={option}
                auto={auto}
                canChoose={step.kind === 'choose'}
                label={labels.get(option.node.movie_plot_id)}
                onGo={onGo}
              />
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
