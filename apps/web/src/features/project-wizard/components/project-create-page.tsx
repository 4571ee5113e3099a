import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@plotline/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useProject } from '../../../api/project.ts';
import { storylineQueryOptions } from '../../../api/storyline.ts';
import { parseStep, stepOneNeeds, type WizardStep } from '../model/wizard-step.ts';
import { StepFour } from './step-four/step-four.tsx';
import { StepOne } from './step-one/step-one.tsx';
import { StepThree } from './step-three/step-three.tsx';
import { StepTwo } from './step-two/step-two.tsx';
import { WizardStepper } from './wizard-stepper.tsx';

const PROJECT_LIST = '/app/project-list';

function parseMovieId(param: string | undefined): number | null | undefined {
  if (param === undefined) return undefined;
  return /^[1-9]\d*$/.test(param) ? Number(param) : null;
}

/** Where the project's detail page is; the wizard opened from it edits there and returns there. */
export const projectDetailAddress = (movieId: number) =>
  `/app/project-list/project-detail/${movieId}`;

/** The wizard's own address: creating, or editing from the detail page (§2 'Save and Exit'). */
function wizardAddress(movieId: number | undefined, fromDetail: boolean): string {
  if (movieId === undefined) return '/app/project-create';
  return fromDetail
    ? `/app/project-list/project-detail/edit/${movieId}`
    : `/app/project-create/${movieId}`;
}

interface LaterStepsProps {
  movieId: number;
  step: Exclude<WizardStep, 1>;
  fromDetail: boolean;
  goTo: (step: WizardStep) => void;
  onExit: () => void;
}

/**
 * Steps 2 to 4 work on a saved project whose step 1 is complete; without one the wizard goes back
 * to step 1, which says what is missing.
 */
function StepsAfterInfo({ movieId, step, fromDetail, goTo, onExit }: LaterStepsProps) {
  const messageText = useMessageText();
  const project = useProject(movieId);
  // Step 3 needs the storyline as much as the project: both are asked at once, not one after the
  // other. The step reads it from the cache.
  useQuery({ ...storylineQueryOptions(movieId), enabled: step === 3 });
  if (project.error) return <Alert severity="error">{messageText(project.error.message)}</Alert>;
  if (project.data === undefined) return <Skeleton variant="rounded" height={320} />;
  if (stepOneNeeds(project.data).length > 0) {
    return <Navigate to={wizardAddress(movieId, fromDetail)} replace />;
  }
  if (step === 2) {
    return (
      <StepTwo
        movieId={movieId}
        project={project.data}
        onBack={() => goTo(1)}
        onNext={() => goTo(3)}
      />
    );
  }
  if (step === 3) {
    return (
      <StepThree
        movieId={movieId}
        project={project.data}
        fromDetail={fromDetail}
        onBack={() => goTo(2)}
        onNext={() => goTo(4)}
        onExit={onExit}
      />
    );
  }
  return <StepFour project={project.data} onBack={() => goTo(3)} />;
}

interface ProjectWizardProps {
  /** Opened from the detail page: step 3's Save reads 'Save and Exit' and returns there. */
  fromDetail: boolean;
}

/**
 * The project wizard of spec §2, at /app/project-create/{movieId?}?step=N or, opened from a
 * project's detail page, /app/project-list/project-detail/edit/{movieId}?step=N. Step 1 makes the
 * project (its first save or thumbnail upload gives the address the new id), steps 2 to 4 need it.
 * `/app/project-create?series={id}` starts a new episode of that series (a series page's Add episode).
 */
function ProjectWizard({ fromDetail }: ProjectWizardProps) {
  const { movieId: param } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const messageText = useMessageText();
  const movieId = parseMovieId(param);
  const step = parseStep(search.get('step'));
  // "Add episode" on a series page opens a new project with that series chosen.
  const seriesId = parseMovieId(search.get('series') ?? undefined) ?? undefined;

  if (movieId === null) {
    return <Alert severity="error">{messageText(MESSAGES.projectNotFound)}</Alert>;
  }
  const address = wizardAddress(movieId, fromDetail);
  const goTo = (next: WizardStep) =>
    void navigate(next === 1 ? address : `${address}?step=${next}`);
  const leave = () =>
    void navigate(
      fromDetail && movieId !== undefined ? projectDetailAddress(movieId) : PROJECT_LIST,
    );

  return (
    <Stack spacing={3}>
      <WizardStepper step={step} />
      {step === 1 || movieId === undefined ? (
        <StepOne
          movieId={movieId}
          seriesId={movieId === undefined ? seriesId : undefined}
          onProjectCreated={(id) => void navigate(wizardAddress(id, false), { replace: true })}
          onNext={() => goTo(2)}
          onBack={leave}
        />
      ) : (
        <StepsAfterInfo
          movieId={movieId}
          step={step}
          fromDetail={fromDetail}
          goTo={goTo}
          onExit={leave}
        />
      )}
    </Stack>
  );
}

export function ProjectCreatePage() {
  return <ProjectWizard fromDetail={false} />;
}

export function ProjectEditPage() {
  return <ProjectWizard fromDetail />;
}
