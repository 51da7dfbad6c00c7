import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Component as FaqPage, loader } from '../../src/features/faq/faq-page.tsx';

async function renderFaq() {
  const router = createMemoryRouter([{ path: '/faq', Component: FaqPage, loader }], { initialEntries: ['/faq'] });
  render(<RouterProvider router={router} />);
  return screen.findByRole('searchbox', { name: 'Search questions' });
}

describe('FAQ page', () => {
  it('shows a hint, then announced results with the query marked, then the no-match sentence', async () => {
    const search = await renderFaq();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/Type a word/);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    await userEvent.type(search, 'coupon');
    expect(status).toHaveTextContent('1 question found');
    const marks = document.querySelectorAll('mark');
    expect(Array.from(marks, (mark) => mark.textContent)).toEqual(['coupon']);
    expect(search).toHaveAttribute('aria-describedby', status.id);

    await userEvent.clear(search);
    await userEvent.type(search, 'qwertyuiop');
    expect(status).toHaveTextContent(/^No matching questions found$/);
  });
});
