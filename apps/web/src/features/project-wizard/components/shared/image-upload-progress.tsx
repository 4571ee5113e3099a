import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface ImageUploadProgressProps {
  percent: number;
  /** Names the bar for assistive technology, e.g. "Upload progress of Mobile thumbnail". */
  label: string;
  /** The words under the bar, e.g. "Uploading 40%". */
  caption: string;
}

/** An artwork upload's progress bar with its percentage in words. */
export function ImageUploadProgress({ percent, label, caption }: ImageUploadProgressProps) {
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {caption}
      </Typography>
    </Box>
  );
}
