import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { splitTitle, TermsPage } from './terms-page.tsx';

const HOSTILE = [
  '# Our Terms',
  '',
  'Welcome to <b>our</b> studio.',
  '',
  '<script>window.termsScriptRan = true</script>',
  '',
  '<img src="x" onerror="window.termsImageRan = true">',
  '',
  '## Accounts',
  '',
  'Keep your password [safe](javascript:window.termsLinkRan=true) and read [our help](/help) or',
  '[the law](https://example.com/law).',
  '',
  '- one',
  '- two',
].join('\n');

function terms(markdown: string) {
  return () => jsonResponse({ data: { markdown, updated_at: '2026-03-04T10:00:00.000Z' } });
}

describe('TermsPage', () => {
  it("renders the operator's Markdown under its own title, with no HTML of the file's", async () => {
    stubApi({ 'GET /api/public/terms': terms(HOSTILE) });
    renderPage(<TermsPage />, '/terms-conditions');

    const article = await screen.findByRole('article');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Terms' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Accounts' })).toBeInTheDocument();
    expect(screen.getByText('Last updated Mar 4, 2026')).toBeInTheDocument();
    // Signed out, the header offers the spec's login button.
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['one', 'two']);

    // Raw HTML never reaches the page: not as elements, and not run.
    expect(document.querySelector('script, img, b, [onerror]')).toBeNull();
    expect(article.innerHTML).not.toContain('onerror');
    expect(window).not.toHaveProperty('termsScriptRan');
    expect(window).not.toHaveProperty('termsImageRan');
    // An unsafe link keeps its words and is no link.
    expect(within(article).getByText(/Keep your password safe/)).toBeInTheDocument();
    expect(within(article).queryByRole('link', { name: 'safe' })).toBeNull();
    expect(article.innerHTML).not.toContain('javascript');
    expect(within(article).getByRole('link', { name: 'our help' })).toHaveAttribute(
      'href',
      '/help',
    );
    expect(within(article).getByRole('link', { name: 'our help' })).not.toHaveAttribute('target');
    const law = within(article).getByRole('link', { name: 'the law' });
    expect(law).toHaveAttribute('target', '_blank');
    expect(law).toHaveAttribute('rel', 'noopener noreferrer');
    expect(document.title).toBe('Our Terms · Plotline');
  });

  it('titles a file without a heading of its own "Terms and Conditions"', async () => {
    stubApi({ 'GET /api/public/terms': terms('Be kind.\n\n# Part one\n\nText.') });
    renderPage(<TermsPage />, '/terms-conditions');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    // The file's own h1 sits under the page's title.
    expect(await screen.findByRole('heading', { level: 2, name: 'Part one' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('says when the terms cannot be loaded, and tries again', async () => {
    const api = stubApi({
      'GET /api/public/terms': () => jsonResponse({ message: 'Internal server error' }, 500),
    });
    const { user } = renderPage(<TermsPage />, '/terms-conditions');

    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(api.to('GET', '/api/public/terms')).toHaveLength(2);
  });
});

describe('splitTitle', () => {
  it('takes a leading "# Title" line as the title', () => {
    expect(splitTitle('  # Terms of Use #\nBody')).toEqual({ title: 'Terms of Use', body: 'Body' });
    expect(splitTitle('Body\n# Later')).toEqual({ title: null, body: 'Body\n# Later' });
    expect(splitTitle('#hashtag')).toEqual({ title: null, body: '#hashtag' });
  });
});
