/**
 * Hides an element from sight but not from assistive technology (a label's extra words, a native
 * file input inside its button). Lengths are strings so the style means the same in `sx`, where a
 * bare 1 would be 100 %.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
