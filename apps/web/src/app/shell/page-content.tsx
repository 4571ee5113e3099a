import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import LinearProgress from '@mui/material/LinearProgress';
import { TIMINGS } from '@plotline/core';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

/** True once the shell has been up for the load delay, so the first page fades in on a settled frame. */
function useShellSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), TIMINGS.pageLoadDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return settled;
}

/** The routed page: fades in (spec §2 Shell), and a thin bar runs while the next page's code loads. */
export function PageContent() {
  const { pathname } = useLocation();
  const loading = useNavigation().state === 'loading';
  const settled = useShellSettled();
  return (
    <>
      {loading && (
        <LinearProgress
          sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 'tooltip', height: 3 }}
        />
      )}
      <Fade key={pathname} in={settled} appear timeout={TIMINGS.pageTransitionMs}>
        <Box>
          <Outlet />
        </Box>
      </Fade>
    </>
  );
}
