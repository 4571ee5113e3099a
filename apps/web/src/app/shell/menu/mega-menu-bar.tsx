import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Grow from '@mui/material/Grow';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { GroupToggle, MenuBar } from './menu-bar.tsx';
import { isEntryActive, type MenuEntry, type MenuGroup } from './menu.ts';

function EntryTile({ entry, onNavigate }: { entry: MenuEntry; onNavigate: () => void }) {
  const { t } = useTranslation();
  const active = isEntryActive(entry, useLocation().pathname);
  const Icon = entry.icon;
  return (
    <ButtonBase
      component={Link}
      to={entry.link}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      sx={(theme) => ({
        justifyContent: 'flex-start',
        gap: 1.5,
        p: 1.5,
        borderRadius: 2,
        textAlign: 'start',
        bgcolor: active ? theme.alpha(theme.palette.primary.main, 0.12) : 'transparent',
        '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
      })}
    >
      <Box
        sx={(theme) => ({
          display: 'grid',
          placeItems: 'center',
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 2,
          color: 'primary.main',
          bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
        })}
      >
        <Icon fontSize="small" />
      </Box>
      <Typography sx={{ fontWeight: 700 }} color={active ? 'primary' : 'text.primary'}>
        {t(entry.name)}
      </Typography>
    </ButtonBase>
  );
}

function GroupPanel({ group }: { group: MenuGroup }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const Icon = group.icon;
  return (
    <>
      <GroupToggle
        group={group}
        open={anchor !== null}
        onToggle={(target) => setAnchor(anchor ? null : target)}
        controls={panelId}
      />
      <Popper
        id={panelId}
        open={anchor !== null}
        anchorEl={anchor}
        placement="bottom-start"
        transition
        disablePortal
        sx={{ zIndex: 1 }}
      >
        {({ TransitionProps }) => (
          <Grow {...TransitionProps} style={{ transformOrigin: 'top' }}>
            <Paper
              elevation={8}
              onKeyDown={(event) => event.key === 'Escape' && close()}
              sx={{ mt: 1, display: 'flex', overflow: 'hidden', maxWidth: 'calc(100vw - 32px)' }}
            >
              <ClickAwayListener
                onClickAway={(event) => !anchor?.contains(event.target as Node) && close()}
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
                  <Box
                    sx={(theme) => ({
                      width: 180,
                      p: 2.5,
                      color: 'common.white',
                      background: `linear-gradient(160deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`,
                    })}
                  >
                    <Icon sx={{ fontSize: 36, opacity: 0.9 }} />
                    <Typography variant="h6" sx={{ mt: 1 }}>
                      {t(group.name)}
                    </Typography>
                  </Box>
                  <Box
                    sx={{
                      p: 1.5,
                      display: 'grid',
                      gap: 0.5,
                      gridTemplateColumns: { sm: 'repeat(2, minmax(200px, 1fr))' },
                      alignContent: 'start',
                    }}
                  >
                    {group.child.map((entry) => (
                      <EntryTile key={entry.key} entry={entry} onNavigate={close} />
                    ))}
                  </Box>
                </Box>
              </ClickAwayListener>
            </Paper>
          </Grow>
        )}
      </Popper>
    </>
  );
}

export function MegaMenuBar() {
  return <MenuBar renderGroup={(group) => <GroupPanel group={group} />} />;
}
