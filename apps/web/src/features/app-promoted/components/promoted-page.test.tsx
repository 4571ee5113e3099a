import { MESSAGES, type PromotedRow } from '@plotline/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { PromotedPage } from './promoted-page.tsx';

function makePromoted(overrides: Partial<PromotedRow> = {}): PromotedRow {
  return {
    id: 1,
    position: 1,
    movie_id: 11,
    slug: 'the-forest',
    title: 'The forest',
    synopsis: '',
    thumbnail_desktop: '/media/thumbnails/forest.jpg',
    thumbnail_mobile: null,
    company_name: 'Acme Pictures',
    starts_at: null,
    ends_at: null,
    segments: [],
    status: 'live',
    ...overrides,
  };
}

const ROWS = [
  makePromoted(),
  makePromoted({
    id: 2,
    position: 2,
    movie_id: 12,
    title: 'Night train',
    company_name: 'Nova',
    starts_at: '2030-05-01T08:00:00.000Z',
    segments: [
      { id: 7, name: 'Android viewers', preset: 'platform-android' },
      { id: 9, name: 'Chess fans', preset: null },
    ],
    status: 'scheduled',
  }),
  makePromoted({
    id: 3,
    position: 3,
    movie_id: 13,
    title: 'Last light',
    ends_at: '2020-01-01T00:00:00.000Z',
    status: 'ended',
  }),
];

function signInAsPlatformAdmin() {
  signInAs({ role: 'administrator', company_type: 'platform' });
}

/**
 * The test DOM lays nothing out, and dnd-kit moves a row by the keyboard to the rows it measures:
 * each list item is given a 60 px slot by its place in the list.
 */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const item = this.closest('li');
    const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : 0;
    const top = index * 60;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 600,
      bottom: top + 56,
      width: 600,
      height: 56,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

describe('PromotedPage', () => {
  beforeEach(signInAsPlatformAdmin);

  it('lists the promoted contents in order with their company, window, segments and status', async () => {
    stubApi({ 'GET /api/promoted': () => jsonResponse({ data: ROWS }) });
    renderPage(<PromotedPage />, '/app/promoted');

    const list = await screen.findByRole('list', { name: 'Promoted contents, in feed order' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(
      /Position 1:.*The forest.*Acme Pictures.*Always.*Everyone.*Live/,
    );
    expect(items[1]).toHaveTextContent(/Position 2:.*Night train.*Nova.*From .*2030/);
    // Presets by their translated name, custom segments by their own.
    const segments = within(items[1]!).getByRole('list', { name: 'Segments' });
    expect(
      within(segments)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Android viewers', 'Chess fans']);
    expect(items[1]).toHaveTextContent('Scheduled');
    expect(items[2]).toHaveTextContent(/Last light.*Until .*2020.*Ended/);
    // The feed card preview shows the first content until another row is pointed at.
    const preview = screen.getByRole('region', { name: 'Feed card preview' });
    expect(preview).toHaveTextContent(/The forest.*Acme Pictures/);
    fireEvent.mouseEnter(items[1]!);
    expect(preview).toHaveTextContent(/Night train.*Nova/);
    expect(preview).not.toHaveTextContent('The forest');
  });

  it('moves a row by the keyboard and saves the new order', async () => {
    layOutRows();
    const api = stubApi({
      'GET /api/promoted': () => jsonResponse({ data: ROWS }),
      'PUT /api/promoted/order': () => jsonResponse({ data: { ids: [2, 1, 3] } }),
    });
    const { user } = renderPage(<PromotedPage />, '/app/promoted');

    const handle = await screen.findByRole('button', { name: 'Reorder The forest, position 1' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');

    await waitFor(() => expect(api.to('PUT', '/api/promoted/order')).toHaveLength(1));
    expect(api.to('PUT', '/api/promoted/order')[0]?.body).toEqual({ ids: [2, 1, 3] });
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
    // Each step was said to screen readers, in the studio's words.
    expect(screen.getByText('The forest dropped at position 2 of 3.')).toBeInTheDocument();
  });

  it('puts the rows back and says why when the new order is refused', async () => {
    const api = stubApi({
      'GET /api/promoted': () => jsonResponse({ data: ROWS }),
      'PUT /api/promoted/order': () =>
        jsonResponse({ message: MESSAGES.promotedOrderMismatch }, 400),
    });
    const { user } = renderPage(<PromotedPage />, '/app/promoted');

    await user.click(await screen.findByRole('button', { name: 'Actions for Night train' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move up' }));

    await waitFor(() => expect(api.to('PUT', '/api/promoted/order')).toHaveLength(1));
    expect(api.to('PUT', '/api/promoted/order')[0]?.body).toEqual({ ids: [2, 1, 3] });
    expect(
      await screen.findByText(`The order was not saved: ${MESSAGES.promotedOrderMismatch}`),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Promoted contents, in feed order' });
    await waitFor(() => expect(list.firstElementChild).toHaveTextContent('The forest'));
  });

  it('removes a content only after Ok in the spec’s confirmation', async () => {
    const api = stubApi({
      'GET /api/promoted': () => jsonResponse({ data: ROWS }),
      'DELETE /api/promoted/2': () => jsonResponse({ data: { id: 2 } }),
    });
    const { user } = renderPage(<PromotedPage />, '/app/promoted');

    await user.click(await screen.findByRole('button', { name: 'Actions for Night train' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove promoted content' });
    expect(dialog).toHaveTextContent('Delete item, are you sure?');
    expect(dialog).toHaveTextContent('Night train');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('DELETE', '/api/promoted/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions for Night train' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    dialog = screen.getByRole('dialog', { name: 'Remove promoted content' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.to('DELETE', '/api/promoted/2')).toHaveLength(1));
    expect(await screen.findByText('Night train is no longer promoted')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', '/api/promoted')).toHaveLength(2));
  });

  it("shows the server's refusal of a window at the end field", async () => {
    const api = stubApi({
      'GET /api/promoted': () => jsonResponse({ data: ROWS }),
      'GET /api/segment': () => jsonResponse({ data: [] }),
      'PUT /api/promoted/1': () => jsonResponse({ message: MESSAGES.promotedWindowEnds }, 400),
    });
    const { user } = renderPage(<PromotedPage />, '/app/promoted');

    await user.click(await screen.findByRole('button', { name: 'Actions for The forest' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit window and segments' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit promoted content' });
    fireEvent.change(within(dialog).getByLabelText('Starts'), {
      target: { value: '2030-05-01T10:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to('PUT', '/api/promoted/1')).toHaveLength(1));
    expect(api.to('PUT', '/api/promoted/1')[0]?.body).toEqual({
      starts_at: new Date('2030-05-01T10:00').toISOString(),
      ends_at: null,
      segment_ids: [],
    });
    const ends = within(dialog).getByLabelText('Ends');
    await waitFor(() => expect(ends).toHaveAccessibleDescription(MESSAGES.promotedWindowEnds));
    expect(ends).toBeInvalid();
  });

  it('invites to add content when nothing is promoted', async () => {
    stubApi({ 'GET /api/promoted': () => jsonResponse({ data: [] }) });
    renderPage(<PromotedPage />, '/app/promoted');

    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add content' })[0]).toHaveAttribute(
      'href',
      '/app/promoted/select',
    );
  });
});
