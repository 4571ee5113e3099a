/**
 * The test tiers (docs/decisions/0013-test-tiers.md): a small test (`*.test.ts`) holds rules and
 * services over the fakes, and its project says so with PLOTLINE_TEST_TIER=small; what only a
 * medium test (`*.medium.test.ts`) may start refuses at once there, rather than making a small run
 * slow without anyone noticing.
 */
export function refuseInSmallTier(what: string): void {
  if (process.env.PLOTLINE_TEST_TIER !== 'small') return;
  throw new Error(
    `A small test may not start ${what}: use the fakes of src/test/fakes/, or name the file *.medium.test.ts`,
  );
}
