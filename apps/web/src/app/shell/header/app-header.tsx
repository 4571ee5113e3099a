import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useTheme } from '@mui/material/styles';
import { useLocation } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageMenuButton } from '../../../components/language-menu-button.tsx';
import { LoginButton } from '../../../components/login-button.tsx';
import { ModeToggleButton } from '../../../components/mode-toggle-button.tsx';
import { GuideButton } from '../../../features/welcome-guide/components/guide-button.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AccountMenu } from './account-menu.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { SearchBox } from './search-box.tsx';
import { SettingsButton } from './settings-button.tsx';

/** Spec §4 Shell: the header darkens past 30 px of scroll and shows the title past 40 px. */
const DARKEN_AFTER_PX = 30;
const TITLE_AFTER_PX = 40;

interface AppHeaderProps {
  /** The menu button's label and action, when this layout has one. */
  menuButton?: { label: string; onClick: () => void };
  /** Layouts without a sidebar carry the brand in the header. */
  showBrand: boolean;
}

export function AppHeader({ menuButton, showBrand }: AppHeaderProps) {
  const title = usePageTitle(useLocation().pathname);
  // On a phone the icons need the whole first row; the page heading below names the page.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const darkened = useScrollTrigger({ disableHysteresis: true, threshold: DARKEN_AFTER_PX });
  const titleShown = useScrollTrigger({ disableHysteresis: true, threshold: TITLE_AFTER_PX });

  return (
    <AppBar
      position="sticky"
      elevation={darkened ? 4 : 0}
      sx={(theme) => {
        const dark = theme.palette.mode === 'dark';
        const resting = dark ? theme.palette.background.paper : theme.palette.primary.main;
        const scrolled = dark ? '#0B0C10' : theme.palette.primary.dark;
        return {
          bgcolor: darkened ? scrolled : resting,
          color: dark ? 'text.primary' : 'primary.contrastText',
          backgroundImage: 'none',
          transition: theme.transitions.create(['background-color', 'box-shadow']),
        };
      }}
    >
      <Toolbar
        sx={{
          gap: { xs: 0.25, sm: 1 },
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          minHeight: 64,
          py: { xs: 1, sm: 0 },
        }}
      >
        {menuButton && (
          <Tooltip title={menuButton.label}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={menuButton.label}
              onClick={menuButton.onClick}
            >
              <MenuIcon />
            </IconButton>
          </Tooltip>
        )}
        {showBrand && (
          <Box sx={{ mx: 1, display: 'flex' }}>
            <BrandLogo inverted size={30} markOnly={phone} />
          </Box>
        )}
        <Typography
          component="p"
          variant="h6"
          noWrap
          aria-hidden={!titleShown}
          sx={{
            flex: 1,
            minWidth: 0,
            visibility: phone ? 'hidden' : undefined,
            opacity: titleShown ? 1 : 0,
            transition: 'opacity 200ms',
          }}
        >
          {title}
        </Typography>
        <Box
          sx={{
            order: { xs: 10, sm: 0 },
            flexBasis: { xs: '100%', sm: 'auto' },
            pb: { xs: 0.5, sm: 0 },
          }}
        >
          <SearchBox />
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
          <GuideButton />
          <FullscreenButton />
          <ModeToggleButton />
          <LanguageMenuButton />
          <SettingsButton />
          <AccountMenu />
          <LoginButton />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
