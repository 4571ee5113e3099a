import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ImagePreviewProps {
  /** The image; none shows the empty placeholder. */
  src: string | null;
  alt: string;
  /** The placeholder's words, e.g. "No image". */
  emptyText: string;
}

/** An artwork's image filling the caller's frame, or a placeholder saying there is none yet. */
export function ImagePreview({ src, alt, emptyText }: ImagePreviewProps) {
  return src ? (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
    />
  ) : (
    <Stack spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', p: 1 }}>
      <ImageOutlined aria-hidden />
      <Typography variant="caption" sx={{ textAlign: 'center', lineHeight: 1.2 }}>
        {emptyText}
      </Typography>
    </Stack>
  );
}
