import Drawer from '@mui/material/Drawer';
import { DRAWER_WIDTHS } from '@plotline/core';
import { useState } from 'react';
import { useAppStore } from '../../../lib/app-store.ts';
import { CollapsibleMenu } from '../menu/collapsible-menu.tsx';
import { DrawerBrand } from './drawer-brand.tsx';

/**
 * The "sidebar" layout's drawer: 240 px open, a 64 px rail when folded. Hovering the rail widens it
 * over the page without moving the page, so a glance at the names costs no reflow.
 */
export function SidebarDrawer() {
  const open = useAppStore((state) => state.sidebarOpen);
  const [hovered, setHovered] = useState(false);
  const wide = open || hovered;
  const paperWidth = wide ? DRAWER_WIDTHS.sidebar : DRAWER_WIDTHS.rail;

  return (
    <Drawer
      variant="permanent"
      anchor="left"
      slotProps={{
        paper: {
          onMouseEnter: () => setHovered(true),
          onMouseLeave: () => setHovered(false),
        },
      }}
      sx={(theme) => ({
        width: open ? DRAWER_WIDTHS.sidebar : DRAWER_WIDTHS.rail,
        flexShrink: 0,
        transition: theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width: paperWidth,
          overflowX: 'hidden',
          transition: theme.transitions.create(['width', 'box-shadow']),
          boxShadow: hovered && !open ? theme.shadows[8] : 'none',
        },
      })}
    >
      <DrawerBrand markOnly={!wide} />
      <CollapsibleMenu collapsed={!wide} />
    </Drawer>
  );
}
