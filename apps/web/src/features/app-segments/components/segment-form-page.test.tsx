import type { SegmentRow } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { SegmentAddPage, SegmentEditPage } from './segment-form-page.tsx';

function makeSegment(overrides: Partial<SegmentRow> = {}): SegmentRow {
  return {
    id: 21,
    preset: null,
    name: 'Chess fans',
    rules: { match: 'any', conditions: [{ field: 'chose', op: 'eq', value: 340 }] },
    viewers: 87,
    promoted_count: 0,
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** The options a select offers, once opened. */
async function optionsOf(user: ReturnType<typeof renderPage>['user'], select: HTMLElement) {
  await user.click(select);
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return names;
}

describe('SegmentAddPage', () => {
  beforeEach(() => {
    signInAs({ role: 'administrator', company_type: 'platform' });
  });

  it("offers only the operators of the condition's field, and counts the viewers the rules hold", async () => {
    const api = stubApi({
      'POST /api/segment/preview': ({ body }) => {
        const rules = (body as { rules: { conditions: { field: string }[] } }).rules;
        return jsonResponse({
          data: { viewers: rules.conditions[0]?.field === 'views' ? 42 : 1500 },
        });
      },
    });
    const { user } = renderPage(<SegmentAddPage />, '/app/segment/custom/add');

    const condition = screen.getByRole('group', { name: 'Condition 1' });
    const operator = within(condition).getByRole('combobox', { name: 'Operator' });
    expect(await optionsOf(user, operator)).toEqual(['is', 'is one of']);
    expect(await screen.findByText('1,500 viewers match these rules now.')).toBeInTheDocument();

    await user.click(within(condition).getByRole('combobox', { name: 'Field' }));
    await user.click(screen.getByRole('option', { name: 'Views' }));
    expect(await optionsOf(user, operator)).toEqual(['at least', 'at most']);
    expect(within(condition).getByRole('spinbutton', { name: 'Views' })).toHaveValue(1);
    expect(await screen.findByText('42 viewers match these rules now.')).toBeInTheDocument();
    expect(api.to('POST', '/api/segment/preview').at(-1)?.body).toEqual({
      rules: { match: 'all', conditions: [{ field: 'views', op: 'gte', value: 1 }] },
    });

    // A half-typed rule is not sent: the count waits for a whole one.
    const sent = api.to('POST', '/api/segment/preview').length;
    await user.clear(within(condition).getByRole('spinbutton', { name: 'Views' }));
    expect(
      await screen.findByText('Complete the conditions to count the viewers they hold.'),
    ).toBeInTheDocument();
    expect(api.to('POST', '/api/segment/preview')).toHaveLength(sent);
  });

  it('creates the segment with its conditions, checked as the server checks them', async () => {
    const api = stubApi({
      'POST /api/segment/preview': () => jsonResponse({ data: { viewers: 3 } }),
      'POST /api/segment': () => jsonResponse({ data: makeSegment({ name: 'Android fans' }) }, 201),
    });
    const { user, router } = renderPage(<SegmentAddPage />, '/app/segment/custom/add');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.to('POST', '/api/segment')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Android fans');
    const first = screen.getByRole('group', { name: 'Condition 1' });
    await user.click(within(first).getByRole('combobox', { name: 'Platform' }));
    await user.click(screen.getByRole('option', { name: 'Android' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const second = screen.getByRole('group', { name: 'Condition 2' });
    await user.click(within(second).getByRole('combobox', { name: 'Field' }));
    await user.click(screen.getByRole('option', { name: 'Chose option' }));
    await user.click(screen.getByRole('radio', { name: 'Any condition' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await within(second).findByText('Enter an id: a whole number from 1'),
    ).toBeInTheDocument();

    await user.type(within(second).getByRole('spinbutton', { name: 'Option id' }), '340');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST', '/api/segment')).toHaveLength(1));
    expect(api.to('POST', '/api/segment')[0]?.body).toEqual({
      name: 'Android fans',
      rules: {
        match: 'any',
        conditions: [
          { field: 'platform', op: 'eq', value: 'android' },
          { field: 'chose', op: 'eq', value: 340 },
        ],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/segment/custom'));
    expect(await screen.findByText('Android fans created')).toBeInTheDocument();
  });
});

describe('SegmentEditPage', () => {
  beforeEach(() => {
    signInAs({ role: 'administrator', company_type: 'platform' });
  });

  it('opens a custom segment with its rules and saves the change', async () => {
    const api = stubApi({
      'GET /api/segment': () => jsonResponse({ data: [makeSegment()] }),
      'POST /api/segment/preview': () => jsonResponse({ data: { viewers: 87 } }),
      'PUT /api/segment/21': () => jsonResponse({ data: makeSegment({ name: 'Chess lovers' }) }),
    });
    const { user } = renderPage(
      <SegmentEditPage />,
      '/app/segment/custom/21',
      '/app/segment/custom/:segmentId',
    );

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Chess fans');
    expect(screen.getByRole('radio', { name: 'Any condition' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Option id' })).toHaveValue(340);
    expect(await screen.findByText('87 viewers match these rules now.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Chess lovers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT', '/api/segment/21')).toHaveLength(1));
    expect(api.to('PUT', '/api/segment/21')[0]?.body).toMatchObject({ name: 'Chess lovers' });
    expect(await screen.findByText('Change saved!')).toBeInTheDocument();
  });

  it('does not open a preset', async () => {
    stubApi({
      'GET /api/segment': () =>
        jsonResponse({ data: [makeSegment({ id: 3, preset: 'new', name: 'New viewers' })] }),
    });
    renderPage(<SegmentEditPage />, '/app/segment/custom/3', '/app/segment/custom/:segmentId');

    expect(await screen.findByText('Segment not found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });
});
