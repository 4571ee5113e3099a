import { config } from 'zod';

// Zod compiles its object parsers with `new Function` when it may, and finds out by trying once.
// The server's content policy forbids eval, so that try is refused and reported (a DevTools issue,
// which Lighthouse counts) though zod catches it. Jitless, zod neither tries nor compiles. Imported
// first by main.tsx: the probe runs when the first object schema is made.
config({ jitless: true });
