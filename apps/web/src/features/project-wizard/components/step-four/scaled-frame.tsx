import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useLayoutEffect, useRef, useState } from 'react';

interface ScaledFrameProps {
  src: string;
  title: string;
  /** The page's own size in the frame: it is laid out at this size whatever the room. */
  width: number;
  height: number;
}

/**
 * A page in a frame of a fixed size, shrunk as a picture where the room is narrower (a desktop
 * frame on a phone), so the page inside keeps the layout of its size.
 */
export function ScaledFrame({ src, title, width, height }: ScaledFrameProps) {
  const theme = useTheme();
  const room = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(width);

  useLayoutEffect(() => {
    const box = room.current;
    if (!box) return;
    // A hidden box measures 0: it keeps the last size it had.
    const measure = (measured: number) => {
      if (measured > 0) setAvailable(measured);
    };
    measure(box.clientWidth);
    const observer = new ResizeObserver(([entry]) => measure(entry?.contentRect.width ?? 0));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const scale = Math.min(1, available / width);
  return (
    <Box ref={room} sx={{ width: '100%', maxWidth: width, mx: 'auto' }}>
      <Box
        sx={{
          width: width * scale,
          height: height * scale,
          mx: 'auto',
          overflow: 'hidden',
          borderRadius: 2,
          // An outline, not a border: a border would take its width from the frame's.
          outline: `1px solid ${theme.palette.divider}`,
          bgcolor: 'common.black',
          boxShadow: 3,
        }}
      >
        <iframe
          src={src}
          title={title}
          width={width}
          height={height}
          allow="autoplay; fullscreen"
          allowFullScreen
          style={{
            display: 'block',
            border: 0,
            transform: scale < 1 ? `scale(${scale})` : undefined,
            // Shrunk towards where the frame starts: its right edge on a right-to-left page.
            transformOrigin: theme.direction === 'rtl' ? 'top right' : 'top left',
          }}
        />
      </Box>
    </Box>
  );
}
