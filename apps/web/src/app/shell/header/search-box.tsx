import Search from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { suggestEntries } from '@plotline/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useVisibleMenu } from '../menu/use-visible-menu.ts';

interface Suggestion {
  key: string;
  /** Translated: what the user types is matched against what they read. */
  name: string;
  group: string;
  link: string;
  icon: SvgIconComponent;
}

/**
 * Finds a page by name among the menu entries the user can see (core `suggestEntries`: at most
 * five). The first suggestion is highlighted, so Enter goes straight to it; arrow keys pick another.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useVisibleMenu();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const suggestions = useMemo(
    () =>
      groups.flatMap((group) =>
        group.child.map((entry): Suggestion => ({
          key: entry.key,
          name: t(entry.name),
          group: t(group.name),
          link: entry.link,
          icon: entry.icon,
        })),
      ),
    [groups, t],
  );

  return (
    <Autocomplete
      options={suggestions}
      filterOptions={(options, state) => suggestEntries(options, state.inputValue)}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.key}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, option) => {
        if (!option) return;
        setText('');
        setOpen(false);
        void navigate(option.link);
      }}
      open={open && text.trim() !== ''}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      autoHighlight
      blurOnSelect
      forcePopupIcon={false}
      noOptionsText={t('header.noSuggestions')}
      sx={{ width: { xs: '100%', sm: 220, lg: 280 } }}
      renderOption={({ key, ...props }, option) => {
        const Icon = option.icon;
        return (
          <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
            <Icon fontSize="small" color="action" />
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap>{option.name}</Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.group}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          placeholder={t('header.searchPlaceholder')}
          slotProps={{
            htmlInput: { ...params.inputProps, 'aria-label': t('header.search') },
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start" sx={{ color: 'inherit' }}>
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={(theme) => ({
            '& .MuiOutlinedInput-root': {
              color: 'inherit',
              borderRadius: 5,
              bgcolor: theme.alpha(theme.palette.common.white, 0.14),
              '& fieldset': { border: 'none' },
              '&.Mui-focused': { bgcolor: theme.alpha(theme.palette.common.white, 0.24) },
            },
            '& input::placeholder': { color: 'inherit', opacity: 0.8 },
          })}
        />
      )}
    />
  );
}
