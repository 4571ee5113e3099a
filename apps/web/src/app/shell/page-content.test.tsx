import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { PageContent } from './page-content.tsx';

/** A page with state of its own, to see whether it was kept or mounted afresh. */
function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Pressed {count}</button>;
}

/** The page is in the document from the start, hidden until it fades in. */
const pressed = (count: number) => screen.getByText(`Pressed ${count}`);

describe('PageContent', () => {
  it('mounts a new page for a new path, but keeps it when a replace stays on its route', async () => {
    const router = renderRoutes(
      [
        {
          element: <PageContent />,
          children: [{ path: 'project-create/:movieId?', element: <Counter /> }],
        },
      ],
      '/project-create',
    );
    fireEvent.click(pressed(0));

    await act(() => router.navigate('/project-create/12', { replace: true }));
    expect(pressed(1)).toBeInTheDocument();

    await act(() => router.navigate('/project-create/13'));
    expect(pressed(0)).toBeInTheDocument();
  });
});
