import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { StepTwoProblem } from '@plotline/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../../lib/isolate.ts';
import { useLanguageName } from '../../../../lib/use-language-name.ts';

function useProblemText(): (problem: StepTwoProblem) => string {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  return (problem) => {
    switch (problem.kind) {
      case 'not-saved':
        return t('projectWizard.stepTwo.problems.notSaved');
      case 'not-transcoded':
        return t('projectWizard.stepTwo.problems.notTranscoded', { file: isolate(problem.file) });
      case 'no-language':
        return t('projectWizard.stepTwo.problems.noLanguage', { file: isolate(problem.file) });
      case 'empty-caption':
        return t('projectWizard.stepTwo.problems.emptyCaption', {
          file: isolate(problem.file),
          language: languageName(problem.languageId),
        });
      case 'empty-subtitle':
        return t('projectWizard.stepTwo.problems.emptySubtitle', {
          file: isolate(problem.file),
          language: languageName(problem.languageId),
        });
    }
  };
}

/** What still stands between step 2 and Next (spec §5's check errors), in the spec's order. */
export function StepTwoProblems({
  problems,
  ref,
}: {
  problems: StepTwoProblem[];
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const text = useProblemText();
  return (
    <Alert ref={ref} tabIndex={-1} severity="warning">
      <AlertTitle>{t('projectWizard.stepTwo.problems.title')}</AlertTitle>
      <Box
        component="ul"
        aria-label={t('projectWizard.stepTwo.problems.title')}
        sx={{ m: 0, paddingInlineStart: 2.5 }}
      >
        {problems.map((problem, index) => (
          <li key={index}>{text(problem)}</li>
        ))}
      </Box>
    </Alert>
  );
}
