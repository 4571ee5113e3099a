import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

const HEADING_TAGS: readonly HeadingTag[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
/** How each heading level looks, whatever level it is written at in the file. */
const HEADING_VARIANTS = {
  h1: 'h4',
  h2: 'h5',
  h3: 'h6',
  h4: 'subtitle1',
  h5: 'subtitle2',
  h6: 'subtitle2',
} as const;

/** The heading components, each `shift` levels below the level written in the file. */
function headings(shift: number): Components {
  const heading = (index: number) => {
    const level = HEADING_TAGS[Math.min(index + shift, HEADING_TAGS.length - 1)]!;
    return function Heading({ children }: { children?: ReactNode }) {
      return (
        <Typography
          component={level}
          variant={HEADING_VARIANTS[level]}
          sx={{ fontWeight: 800, mt: 4, mb: 1.5 }}
        >
          {children}
        </Typography>
      );
    };
  };
  return {
    h1: heading(0),
    h2: heading(1),
    h3: heading(2),
    h4: heading(3),
    h5: heading(4),
    h6: heading(5),
  };
}

const listSx = { mt: 0, mb: 2, paddingInlineStart: 3 } as const;
const shadedSx = { borderRadius: 1, bgcolor: 'action.hover' } as const;

const BODY: Components = {
  p: ({ children }) => <Typography sx={{ mb: 2, lineHeight: 1.7 }}>{children}</Typography>,
  a: ({ href, children }) => {
    // An address the URL filter emptied (`javascript:`…) leaves its words and no link.
    if (!href) return children;
    // Links inside the studio open here; others in a new tab that gets no hold on this page.
    const external = /^[a-z][a-z0-9+.-]*:/i.test(href);
    return (
      <Link
        href={href}
        underline="always"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </Link>
    );
  },
  ul: ({ children }) => (
    <Box component="ul" sx={listSx}>
      {children}
    </Box>
  ),
  ol: ({ children, start }) => (
    <Box component="ol" start={start} sx={listSx}>
      {children}
    </Box>
  ),
  li: ({ children }) => (
    <Typography component="li" sx={{ mb: 0.75, lineHeight: 1.7 }}>
      {children}
    </Typography>
  ),
  blockquote: ({ children }) => (
    <Box
      component="blockquote"
      sx={{
        ...shadedSx,
        mx: 0,
        my: 3,
        px: 2.5,
        py: 1.5,
        borderInlineStart: (theme) => `4px solid ${theme.palette.primary.main}`,
        '& > :last-child': { mb: 0 },
      }}
    >
      {children}
    </Box>
  ),
  code: ({ children }) => (
    <Box component="code" sx={{ ...shadedSx, px: 0.5, fontFamily: 'monospace', fontSize: '0.9em' }}>
      {children}
    </Box>
  ),
  pre: ({ children }) => (
    <Box component="pre" sx={{ ...shadedSx, p: 2, overflowX: 'auto' }}>
      {children}
    </Box>
  ),
  hr: () => <Divider sx={{ my: 4 }} />,
  img: ({ src, alt }) => (
    <Box component="img" src={src} alt={alt ?? ''} sx={{ maxWidth: '100%', height: 'auto' }} />
  ),
};

interface MarkdownTextProps {
  children: string;
  /** Levels every heading moves down by: 1 when the page's own title is the file's only h1. */
  headingShift?: number;
}

/**
 * Markdown written by the operator, in the studio's typography. Raw HTML in it is dropped, never
 * rendered (`skipHtml`), and react-markdown's URL filter empties `javascript:` and other unsafe
 * addresses, so the file cannot put markup or script of its own on the page.
 */
export function MarkdownText({ children, headingShift = 0 }: MarkdownTextProps) {
  const components = useMemo(() => ({ ...headings(headingShift), ...BODY }), [headingShift]);
  return (
    <Markdown skipHtml components={components}>
      {children}
    </Markdown>
  );
}
