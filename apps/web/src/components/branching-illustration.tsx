import Box from '@mui/material/Box';

/** Clips joined by bridges into a branching story: what a Plotline project looks like. */
export function BranchingIllustration() {
  const clip = { rx: 10, fill: '#ffffff26', stroke: '#ffffffb3', strokeWidth: 2 };
  const link = {
    stroke: '#ffffff99',
    strokeWidth: 2.5,
    fill: 'none',
    strokeLinecap: 'round',
  } as const;
  return (
    <Box
      component="svg"
      viewBox="0 0 420 260"
      aria-hidden
      sx={{ width: '100%', maxWidth: 460, height: 'auto', display: 'block' }}
    >
      <path d="M118 130 C 160 130, 160 62, 200 62" {...link} />
      <path d="M118 130 C 160 130, 160 198, 200 198" {...link} />
      <path d="M280 62 C 310 62, 312 34, 340 34" {...link} strokeDasharray="2 7" />
      <path d="M280 62 C 310 62, 312 96, 340 96" {...link} strokeDasharray="2 7" />
      <path d="M280 198 H 340" {...link} strokeDasharray="2 7" />
      <rect x="18" y="96" width="100" height="68" {...clip} />
      <path d="M60 118 l18 12 l-18 12 z" fill="#fff" />
      <rect x="200" y="32" width="80" height="60" {...clip} />
      <rect x="200" y="168" width="80" height="60" {...clip} />
      <circle cx="159" cy="96" r="7" fill="#fff" />
      <circle cx="159" cy="164" r="7" fill="#fff" />
      <circle cx="352" cy="34" r="12" {...clip} />
      <circle cx="352" cy="96" r="12" {...clip} />
      <circle cx="352" cy="198" r="12" {...clip} />
      <rect x="214" y="74" width="36" height="6" rx="3" fill="#ffffffb3" />
      <rect x="214" y="210" width="48" height="6" rx="3" fill="#ffffffb3" />
    </Box>
  );
}
