import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useProject } from '../../../../api/project.ts';
import { ProjectInfoForm, type ProjectInfoFormProps } from './project-info-form.tsx';

type StepOneProps = Omit<ProjectInfoFormProps, 'project'>;

/**
 * Step 1 of the project wizard. An existing project's form waits for the project; a new one starts
 * empty and stays as it is when the first save or upload gives the project its id.
 */
export function StepOne(props: StepOneProps) {
  const messageText = useMessageText();
  const project = useProject(props.movieId);
  const [startedNew] = useState(props.movieId === undefined);

  if (!startedNew && project.data === undefined) {
    if (project.error) return <Alert severity="error">{messageText(project.error.message)}</Alert>;
    return (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  return <ProjectInfoForm {...props} project={project.data} />;
}
