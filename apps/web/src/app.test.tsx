import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

describe('the web app', () => {
  it('shows the product title on the home page', async () => {
    const router = createAppRouter();
    router.update({ history: createMemoryHistory({ initialEntries: ['/'] }) });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Stream' })).toBeTruthy();
  });
});
