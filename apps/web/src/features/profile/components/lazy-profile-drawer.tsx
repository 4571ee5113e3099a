import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ProfileDrawer as EagerProfileDrawer } from './profile-drawer.tsx';

// The profile's forms (react-hook-form, the avatar upload) load when the drawer first opens, not
// with every signed-in page.
const Drawer = lazy(() =>
  import('./profile-drawer.tsx').then((module) => ({ default: module.ProfileDrawer })),
);

/** The profile drawer, loaded when first opened and kept mounted after, so it can slide out. */
export function ProfileDrawer(props: ComponentProps<typeof EagerProfileDrawer>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
