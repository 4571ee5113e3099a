import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  SEGMENT_CONDITIONS_MAX,
  SEGMENT_MATCHES,
  SEGMENT_NAME_MAX,
  segmentCreateSchema,
  type SegmentCreate,
  type SegmentRow,
} from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useCreateSegment } from '../api/create-segment.ts';
import { useSegments } from '../api/list-segments.ts';
import { useUpdateSegment } from '../api/update-segment.ts';
import { flipInRtl } from '../../../lib/flip-in-rtl.ts';
import { newCondition, type SegmentFormValues } from '../model/conditions.ts';
import { SEGMENT_CUSTOM } from '../model/paths.ts';
import { ConditionFields } from './condition-fields.tsx';
import { SegmentPreviewCount } from './segment-preview-count.tsx';

/** /app/segment/custom/add: a new custom segment. */
export function SegmentAddPage() {
  return <SegmentForm />;
}

/** /app/segment/custom/{segmentId}: a custom segment's name and rules; presets are not editable. */
export function SegmentEditPage() {
  const { t } = useTranslation();
  const { segmentId } = useParams();
  const segments = useSegments();
  useErrorToast(segments.error);
  if (segments.isPending) return <Skeleton variant="rounded" height={320} />;
  const segment = segments.data?.find((row) => String(row.id) === segmentId && row.preset === null);
  if (!segment) {
    return (
      <Paper variant="outlined">
        <MessagePanel
          visual={<GroupsOutlined />}
          title={t('appSegments.builder.notFound')}
          text={t('appSegments.builder.notFoundHint')}
          action={
            <Button component={RouterLink} to={SEGMENT_CUSTOM} startIcon={<BackIcon />}>
              {t('appSegments.builder.back')}
            </Button>
          }
        />
      </Paper>
    );
  }
  return <SegmentForm key={segment.id} segment={segment} />;
}

function BackIcon() {
  return <ArrowBack sx={flipInRtl} />;
}

/**
 * The rule builder: a name, whether viewers must match all or any of the conditions, the conditions,
 * and the viewers the rule holds now. Checked with core's segment schema, as the server checks it.
 */
function SegmentForm({ segment }: { segment?: SegmentRow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const matchLabelId = useId();
  const create = useCreateSegment();
  const update = useUpdateSegment();
  const busy = create.isPending || update.isPending;

  const { control, handleSubmit, setValue, formState } = useForm<
    SegmentFormValues,
    unknown,
    SegmentCreate
  >({
    resolver: zodResolver(segmentCreateSchema) as never,
    defaultValues: segment
      ? { name: segment.name, rules: segment.rules }
      : { name: '', rules: { match: 'all', conditions: [newCondition()] } },
  });
  const conditions = useFieldArray({ control, name: 'rules.conditions' });
  const rules = useWatch({ control, name: 'rules' });
  const conditionsError =
    formState.errors.rules?.conditions?.root ?? formState.errors.rules?.conditions;

  const onSubmit = handleSubmit((values) => {
    const options = {
      onSuccess: () => {
        enqueueSnackbar(
          segment
            ? messageText(MESSAGES.changeSaved)
            : t('appSegments.createdToast', { name: values.name }),
          { variant: 'success' },
        );
        void navigate(SEGMENT_CUSTOM);
      },
      onError: (error: Error) => enqueueSnackbar(messageText(error.message), { variant: 'error' }),
    };
    if (segment) update.mutate({ id: segment.id, changes: values }, options);
    else create.mutate(values, options);
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={segment ? t('appSegments.builder.editTitle') : t('appSegments.builder.newTitle')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 280px' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <Typography variant="h6" component="h2">
            {segment ? t('appSegments.builder.editTitle') : t('appSegments.builder.newTitle')}
          </Typography>
          <Controller
            control={control}
            name="name"
            render={({ field: { ref, ...field }, fieldState: { error } }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={t('appSegments.name')}
                autoFocus={!segment}
                autoComplete="off"
                error={error !== undefined}
                helperText={error?.message && messageText(error.message)}
                slotProps={{ htmlInput: { maxLength: SEGMENT_NAME_MAX } }}
              />
            )}
          />
          <Controller
            control={control}
            name="rules.match"
            render={({ field }) => (
              <FormControl>
                <FormLabel id={matchLabelId}>{t('appSegments.builder.match')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={matchLabelId}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {SEGMENT_MATCHES.map((match) => (
                    <FormControlLabel
                      key={match}
                      value={match}
                      control={<Radio />}
                      label={t(`appSegments.builder.matches.${match}`)}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          <Stack spacing={1.5} role="group" aria-label={t('appSegments.builder.conditions')}>
            {conditions.fields.map((item, index) => (
              <ConditionFields
                key={item.id}
                index={index}
                control={control}
                setValue={setValue}
                onRemove={conditions.fields.length > 1 ? () => conditions.remove(index) : undefined}
              />
            ))}
            {conditionsError?.message && (
              <FormHelperText error>{messageText(conditionsError.message)}</FormHelperText>
            )}
            <Box>
              <Button
                startIcon={<Add />}
                onClick={() => conditions.append(newCondition())}
                disabled={conditions.fields.length >= SEGMENT_CONDITIONS_MAX}
              >
                {t('appSegments.builder.addCondition')}
              </Button>
            </Box>
          </Stack>
          <Stack direction="row" sx={{ gap: 1.5, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={SEGMENT_CUSTOM} disabled={busy}>
              {t('list.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={busy}>
              {segment ? t('list.save') : t('appSegments.builder.create')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 88 }, order: { xs: -1, md: 0 } }}>
        <SegmentPreviewCount rules={rules} />
      </Box>
    </Box>
  );
}
