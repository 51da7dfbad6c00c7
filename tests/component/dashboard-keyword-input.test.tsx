import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KeywordInput } from '../../src/components/keyword-input.tsx';

function Harness({ initial = [] as readonly string[], onSubmit = () => undefined }) {
  const [keywords, setKeywords] = useState<readonly string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <KeywordInput value={keywords} onChange={setKeywords} />
      <output data-testid="value">{JSON.stringify(keywords)}</output>
    </form>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];

describe('keyword input', () => {
  it('adds a lowercased, trimmed keyword on Enter without submitting the form', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Keywords'), '  Jazz Club {Enter}');
    expect(value()).toEqual(['jazz club']);
    expect(screen.getByLabelText('Keywords')).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a keyword longer than 15 characters with a message, and takes one of exactly 15', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Keywords');
    await userEvent.type(input, 'abcdefghijklmnop{Enter}');
    expect(value()).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Each keyword can have at most 15 characters.');
    await userEvent.clear(input);
    await userEvent.type(input, 'abcdefghijklmno{Enter}');
    expect(value()).toEqual(['abcdefghijklmno']);
  });

  it('refuses a 16th keyword with a message', async () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => `k${i}`);
    render(<Harness initial={fifteen} />);
    await userEvent.type(screen.getByLabelText('Keywords'), 'extra{Enter}');
    expect(value()).toEqual(fifteen);
    expect(screen.getByRole('alert')).toHaveTextContent('Use at most 15 keywords.');
  });

  it('ignores duplicates and empty input', async () => {
    render(<Harness initial={['pizza']} />);
    await userEvent.type(screen.getByLabelText('Keywords'), 'PIZZA{Enter}   {Enter}');
    expect(value()).toEqual(['pizza']);
  });

  it('removes a keyword when it is clicked', async () => {
    render(<Harness initial={['pizza', 'pasta']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove keyword pizza' }));
    expect(value()).toEqual(['pasta']);
    await userEvent.click(screen.getByText('pasta'));
    expect(value()).toEqual([]);
  });
});
