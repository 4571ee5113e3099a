import ArrowForward from '@mui/icons-material/ArrowForward';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { stepTwoProblems, type Project } from '@plotline/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../../lib/use-error-toast.ts';
import { useLanguages } from '../../api/languages.ts';
import { useMovieStatus } from '../../api/movie-status.ts';
import { useCaptionEditor } from '../../hooks/use-caption-editor.ts';
import { LeaveGuardDialog } from '../leave-guard-dialog.tsx';
import { BannerPanel } from './banner-panel.tsx';
import { ContentLanguages } from './content-languages.tsx';
import { ContentPanel } from './content-panel.tsx';
import { StepTwoProblems } from './step-two-problems.tsx';
import { flipInRtl } from '../../../../lib/flip-in-rtl.ts';
import { PublishedAlert } from '../shared/published-alert.tsx';
import { StepFooter } from '../shared/step-footer.tsx';

export interface StepTwoProps {
  movieId: number;
  /** The project as `GET /api/movie/{movieId}` gives it. */
  project: Project;
  onBack: () => void;
  onNext: () => void;
}

/**
 * Step 2 of the project wizard (spec §2): the Clip, Bridge and Banner tabs, each item with its
 * captions and subtitles, Save for the captions, and Next once core `stepTwoProblems` finds
 * nothing; until then the button reads Check and shows what is left to do.
 */
export function StepTwo({ movieId, project, onBack, onNext }: StepTwoProps) {
  const { t } = useTranslation();
  const status = useMovieStatus(movieId);
  const languages = useLanguages();
  useErrorToast(languages.error);
  const editor = useCaptionEditor(movieId, status.data ?? project.movieContent);
  const problems = stepTwoProblems(editor.checkedItems, { saved: editor.saved });
  const [checking, setChecking] = useState(false);
  const [bannerDirty, setBannerDirty] = useState(false);
  const problemList = useRef<HTMLDivElement>(null);
  const showProblems = checking && problems.length > 0;
  // A published project's step shows what it holds; nothing in it can change (§4).
  const readOnly = project.status === 'published';

  useEffect(() => {
    if (checking) problemList.current?.focus();
  }, [checking]);

  return (
    <Stack spacing={3}>
      {readOnly && <PublishedAlert />}
      <ContentPanel
        movieId={movieId}
        readOnly={readOnly}
        banner={
          <BannerPanel project={project} readOnly={readOnly} onDirtyChange={setBannerDirty} />
        }
        renderDetails={(item) => (
          <ContentLanguages item={item} editor={editor} readOnly={readOnly} />
        )}
      />

      {showProblems && <StepTwoProblems ref={problemList} problems={problems} />}

      <StepFooter
        backLabel={t('projectWizard.stepTwo.back')}
        onBack={onBack}
        status={
          readOnly
            ? null
            : {
                saved: editor.saved,
                label: t(
                  editor.saved ? 'projectWizard.stepTwo.saved' : 'projectWizard.stepTwo.unsaved',
                ),
              }
        }
      >
        {!readOnly && (
          <Button
            variant="outlined"
            startIcon={<SaveOutlined />}
            disabled={editor.saved}
            loading={editor.saving}
            onClick={() => void editor.save()}
          >
            {t('projectWizard.stepTwo.save')}
          </Button>
        )}
        {problems.length === 0 || readOnly ? (
          <Button variant="contained" endIcon={<ArrowForward sx={flipInRtl} />} onClick={onNext}>
            {t('projectWizard.stepTwo.next')}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<FactCheckOutlined />}
            onClick={() => {
              setChecking(true);
              problemList.current?.focus();
            }}
          >
            {t('projectWizard.stepTwo.check')}
          </Button>
        )}
      </StepFooter>
      <LeaveGuardDialog unsaved={editor.unsent || bannerDirty} />
    </Stack>
  );
}
