import { describe, expect, it } from 'vitest';
import { bannerImageKinds } from './banner-kinds.ts';

describe('bannerImageKinds', () => {
  it('shows the horizontal image for a horizontal component, a vertical one by orientation', () => {
    expect(bannerImageKinds('horizontal', 'vertical')).toEqual(['horizontal']);
    expect(bannerImageKinds('vertical', 'vertical')).toEqual(['vertical_long', 'vertical_regular']);
    expect(bannerImageKinds('vertical', 'horizontal')).toEqual([
      'vertical_regular',
      'vertical_long',
    ]);
    expect(bannerImageKinds('vertical', null)[0]).toBe('vertical_regular');
  });
});
