import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  value: string;
  /** Called once typing pauses, not on every key. */
  onSearch: (search: string) => void;
  label?: string;
}

/** A list's search box: shows what is typed at once and searches after a short pause. */
export function SearchField({ value, onSearch, label }: SearchFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);

  // The list's search may change elsewhere (back button, a cleared filter): follow it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <TextField
      type="search"
      size="small"
      label={label ?? t('list.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ width: { xs: '100%', sm: 280 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
