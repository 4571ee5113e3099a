import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TablePager, lastPageOf } from './table-pager.tsx';

function renderPager(page: number, total: number, perPage = 10) {
  const onPage = vi.fn();
  const onPerPage = vi.fn();
  render(
    <TablePager
      page={page}
      perPage={perPage}
      total={total}
      onPage={onPage}
      onPerPage={onPerPage}
    />,
  );
  const button = (name: string) => screen.getByRole('button', { name });
  return { onPage, onPerPage, button, user: userEvent.setup() };
}

describe('TablePager', () => {
  it('counts a last page only for rows that fill it', () => {
    expect(lastPageOf(42, 10)).toBe(5);
    expect(lastPageOf(40, 10)).toBe(4);
    expect(lastPageOf(0, 10)).toBe(1);
  });

  it('on the first page, goes on to the next and the last page but not back', async () => {
    const { onPage, button, user } = renderPager(1, 42);
    expect(button('First page')).toBeDisabled();
    expect(button('Previous page')).toBeDisabled();
    expect(screen.getByText('1–10 of 42')).toBeInTheDocument();

    await user.click(button('Next page'));
    await user.click(button('Last page'));
    expect(onPage.mock.calls).toEqual([[2], [5]]);
  });

  it('on the last page, goes back to the previous and the first page but not on', async () => {
    const { onPage, button, user } = renderPager(5, 42);
    expect(button('Next page')).toBeDisabled();
    expect(button('Last page')).toBeDisabled();
    expect(screen.getByText('41–42 of 42')).toBeInTheDocument();

    await user.click(button('Previous page'));
    await user.click(button('First page'));
    expect(onPage.mock.calls).toEqual([[4], [1]]);
  });

  it('changes the rows per page', async () => {
    const { onPerPage, user } = renderPager(1, 42);
    await user.click(screen.getByRole('combobox', { name: /^Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(onPerPage).toHaveBeenCalledWith(25);
  });
});
