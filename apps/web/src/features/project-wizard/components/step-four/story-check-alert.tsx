import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MESSAGES, type StoryProblem } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { flipInRtl } from '../../../../lib/flip-in-rtl.ts';
import { useMessageText } from '../../../../lib/use-message-text.ts';

/** The most problems named here: the storyline's story check lists every one. */
const SHOWN_PROBLEMS = 3;

interface StoryCheckAlertProps {
  /** The check's errors; empty when the server refused without the studio seeing one. */
  problems: readonly StoryProblem[];
  /** The caption of a problem's plot, or null when it has none to show. */
  plotName: (id: number) => string | null;
  onOpenStoryline: () => void;
}

/**
 * Why Publish waits: the story check (core `checkStory`) found an error, which the server refuses
 * too (`storyCheckFailed`). The creator fixes it in the storyline, a step back.
 */
export function StoryCheckAlert({ problems, plotName, onOpenStoryline }: StoryCheckAlertProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const messages = [
    ...new Set(
      problems.map((problem) => {
        const message = messageText(problem.message);
        const plot = problem.movie_plot_id === undefined ? null : plotName(problem.movie_plot_id);
        return plot ? t('storyPaths.problemAt', { plot, message }) : message;
      }),
    ),
  ];
  return (
    <Alert severity="error">
      <AlertTitle>{messageText(MESSAGES.storyCheckFailed)}</AlertTitle>
      {messages.length > 0 && (
        <Box component="ul" sx={{ m: 0, paddingInlineStart: (theme) => theme.spacing(2.5) }}>
          {messages.slice(0, SHOWN_PROBLEMS).map((message) => (
            <li key={message}>{message}</li>
          ))}
          {messages.length > SHOWN_PROBLEMS && (
            <li>{t('storyPaths.moreProblems', { number: messages.length - SHOWN_PROBLEMS })}</li>
          )}
        </Box>
      )}
      <Button
        color="inherit"
        size="small"
        variant="outlined"
        startIcon={<ArrowBack sx={flipInRtl} />}
        onClick={onOpenStoryline}
        sx={{ mt: 1.5 }}
      >
        {t('storyPaths.toStoryline')}
      </Button>
    </Alert>
  );
}
