import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import LinearProgress from '@mui/material/LinearProgress';
import { TIMINGS } from '@plotline/core';
import { useEffect, useState } from 'react';
import {
  NavigationType,
  Outlet,
  useLocation,
  useMatches,
  useNavigation,
  useNavigationType,
} from 'react-router';

/** True once the shell has been up for the load delay, so the first page fades in on a settled frame. */
function useShellSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), TIMINGS.pageLoadDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return settled;
}

/**
 * Which page is shown: a new one with every new path, so it mounts afresh and fades in. A replace
 * that stays on the same route keeps the page: it only rewrites the address (the project wizard
 * writes a new draft's id into it) and must not lose what is under way there, such as an upload.
 */
function usePageKey(): string {
  const location = useLocation();
  const navigationType = useNavigationType();
  const routeId = useMatches().at(-1)?.id;
  const [page, setPage] = useState({ pathname: location.pathname, routeId, key: location.key });
  if (page.pathname !== location.pathname || page.routeId !== routeId) {
    const samePage = page.routeId === routeId && navigationType === NavigationType.Replace;
    setPage({ pathname: location.pathname, routeId, key: samePage ? page.key : location.key });
  }
  return page.key;
}

/** The routed page: fades in (spec §2 Shell), and a thin bar runs while the next page's code loads. */
export function PageContent() {
  const pageKey = usePageKey();
  const loading = useNavigation().state === 'loading';
  const settled = useShellSettled();
  return (
    <>
      {loading && (
        <LinearProgress
          sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 'tooltip', height: 3 }}
        />
      )}
      <Fade key={pageKey} in={settled} appear timeout={TIMINGS.pageTransitionMs}>
        <Box>
          <Outlet />
        </Box>
      </Fade>
    </>
  );
}
