import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTENT_TYPE, type MovieContentStatus } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { ItemThumbnail } from '../../../components/item-thumbnail.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import { useLanguageName } from '../../../lib/use-language-name.ts';

/** The project's clips and bridges, each with its length and its caption in every language. */
export function ProjectItems({ items }: { items: readonly MovieContentStatus[] }) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  if (items.length === 0) {
    return <Typography color="text.secondary">{t('projectDetail.noItems')}</Typography>;
  }
  return (
    <Paper variant="outlined">
      <List aria-label={t('projectDetail.items')} disablePadding>
        {items.map((item, index) => (
          <ListItem
            key={item.movie_content_id}
            divider={index < items.length - 1}
            sx={{ gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <ItemThumbnail item={item} width={96} />
            <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Typography dir="auto" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
                  {item.file_name}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={
                    item.type === CONTENT_TYPE.bridge
                      ? t('projectDetail.bridge')
                      : t('projectDetail.clip')
                  }
                />
                {item.duration !== null && (
                  <Typography variant="body2" color="text.secondary">
                    {formatDuration(item.duration)}
                  </Typography>
                )}
              </Stack>
              {item.lang.length > 0 ? (
                <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                  {item.lang.map((language) => (
                    <Typography component="li" variant="body2" key={language.language_id}>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {languageName(language.language_id)}:
                      </Box>{' '}
                      <Box component="span" dir="auto">
                        {language.caption || '—'}
                      </Box>
                    </Typography>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('projectDetail.noLanguages')}
                </Typography>
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
