import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import type { MovieContentStatus } from '@plotline/core';

/** An item's poster, or a film icon while it has none. */
export function ItemThumbnail({ item, width }: { item?: MovieContentStatus; width: number }) {
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'grid',
        placeItems: 'center',
        width,
        aspectRatio: '16 / 9',
        flexShrink: 0,
        overflow: 'hidden',
        borderRadius: 1,
        bgcolor: item?.thumbnail ? 'common.black' : 'action.hover',
        color: 'text.secondary',
      }}
    >
      {item?.thumbnail ? (
        <Box
          component="img"
          src={item.thumbnail}
          alt=""
          loading="lazy"
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
          }}
        />
      ) : (
        <MovieOutlined aria-hidden fontSize="small" />
      )}
    </Box>
  );
}
