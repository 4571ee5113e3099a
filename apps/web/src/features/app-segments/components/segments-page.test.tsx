import { MESSAGES, type SegmentRow } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { SegmentCustomPage, SegmentPresetsPage } from './segments-page.tsx';

function makeSegment(overrides: Partial<SegmentRow> = {}): SegmentRow {
  return {
    id: 1,
    preset: 'new',
    name: 'New viewers',
    rules: { match: 'all', conditions: [{ field: 'first_seen_days', op: 'lt', value: 7 }] },
    viewers: 1234,
    promoted_count: 1,
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

const SEGMENTS = [
  makeSegment(),
  makeSegment({
    id: 2,
    preset: 'language-ar',
    name: 'Arabic speakers',
    rules: { match: 'all', conditions: [{ field: 'language', op: 'eq', value: 'ar' }] },
    viewers: 56,
    promoted_count: 0,
  }),
  makeSegment({
    id: 21,
    preset: null,
    name: 'Mobile chess fans',
    rules: {
      match: 'all',
      conditions: [
        { field: 'platform', op: 'in', value: ['ios', 'android'] },
        { field: 'chose', op: 'eq', value: 340 },
      ],
    },
    viewers: 87,
    promoted_count: 2,
  }),
];

describe('Segment Management', () => {
  beforeEach(() => {
    signInAs({ role: 'administrator', company_type: 'platform' });
  });

  it('shows the presets by name with their rule in words, their viewers and their use', async () => {
    stubApi({ 'GET /api/segment': () => jsonResponse({ data: SEGMENTS }) });
    renderPage(<SegmentPresetsPage />, '/app/segment');

    const table = await screen.findByRole('table', { name: 'Preset segments' });
    await within(table).findByText('New viewers');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/New viewers.*First seen less than 7 days ago.*1,234.*1/);
    expect(rows[2]).toHaveTextContent(/Arabic speakers.*Language is Arabic.*56/);
    expect(screen.getByRole('tab', { name: 'Presets' })).toHaveAttribute('aria-selected', 'true');
    // Presets cannot be changed: no actions.
    expect(within(table).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('shows the custom segments, each opening its rule builder', async () => {
    stubApi({ 'GET /api/segment': () => jsonResponse({ data: SEGMENTS }) });
    renderPage(<SegmentCustomPage />, '/app/segment/custom');

    const table = await screen.findByRole('table', { name: 'Custom segments' });
    const link = await within(table).findByRole('link', { name: 'Mobile chess fans' });
    expect(link).toHaveAttribute('href', '/app/segment/custom/21');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /Platform is one of iOS, Android and chose option #340.*87.*2/,
    );
    expect(screen.getByRole('link', { name: 'Add segment' })).toHaveAttribute(
      'href',
      '/app/segment/custom/add',
    );
  });

  it("asks before deleting, and shows the server's reason when it refuses", async () => {
    const refusal = 'This segment is targeted by 2 promoted content(s): remove it from them first';
    const api = stubApi({
      'GET /api/segment': () => jsonResponse({ data: SEGMENTS }),
      'DELETE /api/segment/21': () => jsonResponse({ message: refusal }, 409),
    });
    const { user } = renderPage(<SegmentCustomPage />, '/app/segment/custom');

    await user.click(await screen.findByRole('button', { name: 'Actions for Mobile chess fans' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete segment' });
    expect(dialog).toHaveTextContent(MESSAGES.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));

    await waitFor(() => expect(api.to('DELETE', '/api/segment/21')).toHaveLength(1));
    expect(await screen.findByText(`Delete error! ${refusal}`)).toBeInTheDocument();
  });

  it('invites to add a first custom segment', async () => {
    stubApi({ 'GET /api/segment': () => jsonResponse({ data: SEGMENTS.slice(0, 2) }) });
    renderPage(<SegmentCustomPage />, '/app/segment/custom');

    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(screen.getByText(/No custom segments yet/)).toBeInTheDocument();
  });
});
