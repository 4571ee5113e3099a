import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LAYOUTS, THEMES, type LayoutName, type ThemeName } from '@plotline/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore, type ColorMode } from '../../../lib/app-store.ts';
import { PALETTES } from '../../theme/palettes.ts';

function Section({ label, children }: { label: string; children: (labelId: string) => ReactNode }) {
  const labelId = useId();
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <FormLabel
        id={labelId}
        sx={{
          display: 'block',
          mb: 1,
          fontWeight: 700,
          fontSize: 13,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
        }}
      >
        {label}
      </FormLabel>
      {children(labelId)}
    </Box>
  );
}

function Swatch({ color, checked }: { color: string; checked: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        width: 28,
        height: 28,
        borderRadius: '50%',
        bgcolor: color,
        color: '#fff',
        boxShadow: checked ? `0 0 0 3px ${color}55` : 'none',
      }}
    >
      {checked && <Check sx={{ fontSize: 18 }} />}
    </Box>
  );
}

export function SettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { theme, mode, layout, setTheme, setLayout, toggleMode } = useAppStore();
  const label = t('header.settings');

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <SettingsOutlined />
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 340 } }, 'aria-label': label } }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2 }}
        >
          <Typography component="h2" variant="h6">
            {t('settings.title')}
          </Typography>
          <IconButton aria-label={t('common.close')} onClick={() => setOpen(false)}>
            <Close />
          </IconButton>
        </Stack>
        <Box sx={{ px: 3, pb: 3 }}>
          <Section label={t('settings.mode')}>
            {(labelId) => (
              <RadioGroup
                row
                aria-labelledby={labelId}
                value={mode}
                onChange={(event) => event.target.value !== mode && toggleMode()}
              >
                {(['light', 'dark'] as const satisfies readonly ColorMode[]).map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={t(`settings.${value}`)}
                  />
                ))}
              </RadioGroup>
            )}
          </Section>
          <Section label={t('settings.palette')}>
            {(labelId) => (
              <RadioGroup
                aria-labelledby={labelId}
                value={theme}
                onChange={(event) => setTheme(event.target.value as ThemeName)}
                sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)' }}
              >
                {THEMES.map((name) => {
                  const color = PALETTES[name].primary[mode];
                  return (
                    <FormControlLabel
                      key={name}
                      value={name}
                      label={t(`settings.themes.${name}`)}
                      control={
                        <Radio
                          icon={<Swatch color={color} checked={false} />}
                          checkedIcon={<Swatch color={color} checked />}
                        />
                      }
                    />
                  );
                })}
              </RadioGroup>
            )}
          </Section>
          <Section label={t('settings.layout')}>
            {(labelId) => (
              <RadioGroup
                aria-labelledby={labelId}
                value={layout}
                onChange={(event) => setLayout(event.target.value as LayoutName)}
              >
                {LAYOUTS.map((name) => (
                  <FormControlLabel
                    key={name}
                    value={name}
                    control={<Radio />}
                    label={t(`settings.layouts.${name}`)}
                  />
                ))}
              </RadioGroup>
            )}
          </Section>
        </Box>
      </Drawer>
    </>
  );
}
