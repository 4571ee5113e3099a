import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { WIZARD_STEPS, type WizardStep } from '../model/wizard-step.ts';

/** The wizard's four steps (spec §2), the current one active and the ones before it done. */
export function WizardStepper({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  return (
    <Stepper
      component="ol"
      activeStep={step - 1}
      alternativeLabel
      aria-label={t('projectWizard.wizard.stepsLabel')}
      sx={{ p: 0, m: 0, listStyle: 'none' }}
    >
      {WIZARD_STEPS.map((key, index) => (
        <Step
          key={key}
          component="li"
          aria-current={index === step - 1 ? 'step' : undefined}
          sx={{ px: { xs: 0.5, sm: 1 } }}
        >
          <StepLabel>{t(`projectWizard.wizard.steps.${key}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
