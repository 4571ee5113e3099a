import { useEffect, useRef } from 'react';

/**
 * Moves the focus into a row just added to a list (its first picker), so whoever pressed "Add"
 * goes on in the new row instead of looking for it. `count` is the list's number of rows; call
 * `adding` right before the change that adds one.
 */
export function useFocusAddedRow(count: number) {
  const list = useRef<HTMLUListElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    list.current?.lastElementChild?.querySelector<HTMLElement>('[role="combobox"]')?.focus();
  }, [count]);
  return {
    list,
    adding: () => {
      pending.current = true;
    },
  };
}
