import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import { DRAWER_WIDTHS } from '@plotline/core';
import { CollapsibleMenu } from '../menu/collapsible-menu.tsx';
import { DrawerBrand } from './drawer-brand.tsx';

interface MobileDrawerProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

/** Below the md breakpoint every layout uses this swipeable 240 px drawer. */
export function MobileDrawer({ open, onOpen, onClose }: MobileDrawerProps) {
  return (
    <SwipeableDrawer
      anchor="left"
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTHS.sidebar } }}
    >
      <DrawerBrand />
      <CollapsibleMenu onNavigate={onClose} />
    </SwipeableDrawer>
  );
}
