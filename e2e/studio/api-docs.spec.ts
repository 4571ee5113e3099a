import { expect, test } from '../support/fixtures.ts';

test('the API documentation renders under its content security policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Plotline API/ })).toBeVisible();
  await expect(page.getByText('/api/v1.6/auth/login', { exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});
