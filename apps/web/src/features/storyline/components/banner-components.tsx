import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BANNER_COMPONENT_TYPES,
  BANNER_COMPONENTS_MAX,
  BRIDGE_BANNER_TYPES,
  CONTENT_TYPE,
  formatMmSs,
  type BannerComponentType,
  type PlotBanner,
  type PlotItem,
} from '@plotline/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskMmSs } from '../model/storyline.ts';

interface BannerComponentsProps {
  banner: readonly PlotBanner[];
  item: PlotItem;
  disabled: boolean;
  onAdd: (type: BannerComponentType) => void;
  /** Sets a component's start from mm:ss; answers the refusal's message, or null. */
  onTime: (index: number, mmSs: string) => string | null;
  /** The empty type removes the component. */
  onType: (index: number, type: BannerComponentType | '') => void;
}

function TimeField({
  value,
  label,
  disabled,
  onCommit,
}: {
  value: number;
  label: string;
  disabled: boolean;
  onCommit: (mmSs: string) => string | null;
}) {
  const [text, setText] = useState(formatMmSs(value));
  const [error, setError] = useState<string | null>(null);
  // A start changed from outside (a reload, a save's answer) replaces what is shown.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(formatMmSs(value));
    setError(null);
  }
  const commit = () => {
    if (text === formatMmSs(value)) return setError(null);
    setError(onCommit(text));
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      disabled={disabled}
      error={error !== null}
      helperText={error}
      placeholder="00:00"
      onChange={(event) => setText(maskMmSs(event.target.value))}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 5 } }}
      sx={{ width: 120 }}
    />
  );
}

/**
 * A plot's banner components (§4, §5): each a type and a start time in mm:ss; choosing the empty
 * type removes one. What may be added (how many, which types) follows the item's type, from core.
 */
export function BannerComponents({
  banner,
  item,
  disabled,
  onAdd,
  onTime,
  onType,
}: BannerComponentsProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const allowed = item.type === CONTENT_TYPE.bridge ? BRIDGE_BANNER_TYPES : BANNER_COMPONENT_TYPES;
  const free = allowed.filter((type) => !banner.some((entry) => entry.type === type));
  const full = banner.length >= BANNER_COMPONENTS_MAX[item.type] || free.length === 0;

  return (
    <Stack spacing={1.5}>
      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {t('projectWizard.stepThree.banner.heading', {
          count: banner.length,
          max: BANNER_COMPONENTS_MAX[item.type],
        })}
      </Typography>
      {banner.map((entry, index) => (
        <Stack
          key={`${entry.type}-${index}`}
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1.5 }}
        >
          <TextField
            select
            size="small"
            label={t('projectWizard.stepThree.banner.type')}
            value={entry.type}
            disabled={disabled}
            onChange={(event) => onType(index, event.target.value as BannerComponentType | '')}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">
              <em>{t('projectWizard.stepThree.banner.none')}</em>
            </MenuItem>
            {allowed.map((type) => (
              <MenuItem
                key={type}
                value={type}
                disabled={type !== entry.type && banner.some((other) => other.type === type)}
              >
                {t(`projectWizard.stepThree.banner.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TimeField
            value={entry.time_start}
            label={t('projectWizard.stepThree.banner.start')}
            disabled={disabled}
            onCommit={(mmSs) => onTime(index, mmSs)}
          />
        </Stack>
      ))}
      {!disabled && (
        <>
          <Button
            size="small"
            startIcon={<AddCircleOutline />}
            disabled={full}
            onClick={(event) => setMenu(event.currentTarget)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('projectWizard.stepThree.banner.add')}
          </Button>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {free.map((type) => (
              <MenuItem
                key={type}
                onClick={() => {
                  setMenu(null);
                  onAdd(type);
                }}
              >
                {t(`projectWizard.stepThree.banner.types.${type}`)}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Stack>
  );
}
