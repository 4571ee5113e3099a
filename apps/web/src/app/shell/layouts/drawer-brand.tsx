import Box from '@mui/material/Box';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';

/** The brand at the top of a drawer, as high as the header beside it. */
export function DrawerBrand({ markOnly = false }: { markOnly?: boolean }) {
  return (
    <Box
      component={Link}
      to="/app"
      sx={{
        display: 'flex',
        alignItems: 'center',
        height: 64,
        flexShrink: 0,
        px: 2,
        textDecoration: 'none',
        overflow: 'hidden',
      }}
    >
      <BrandLogo size={32} markOnly={markOnly} />
    </Box>
  );
}
