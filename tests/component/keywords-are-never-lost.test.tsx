/**
 * Keywords are never lost silently (product §5, §9): what is typed is added on
 * Enter, on a comma typed or pasted, when the field loses focus (a phone's
 * "Done") and when the form is saved with text still in the field; a keyword
 * too long, a duplicate or a 16th says why, in the contract's sentences.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KeywordInput } from '../../src/components/keyword-input.tsx';
import { DUPLICATE_KEYWORD, KEYWORD_TOO_LONG, TOO_MANY_KEYWORDS } from '../../src/shared/contract/keywords.ts';

/** A form that saves the keywords its own state holds when its submit handler runs, as the dashboard's forms do. */
function Harness({ initial = [] as readonly string[], onSave = (_keywords: readonly string[]) => undefined as void }) {
  const [keywords, setKeywords] = useState<readonly string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(keywords);
      }}
    >
      <KeywordInput value={keywords} onChange={setKeywords} />
      <input aria-label="Title" />
      <button type="submit">Save</button>
      <output data-testid="value">{JSON.stringify(keywords)}</output>
    </form>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];
const field = () => screen.getByLabelText('Keywords');

describe('keywords are never lost', () => {
  it('a typed comma adds the keyword before it and keeps typing after it', async () => {
    render(<Harness />);
    await userEvent.type(field(), 'Jazz,soul');
    expect(value()).toEqual(['jazz']);
    expect(field()).toHaveValue('soul');
  });

  it('a pasted "jazz, soul" adds two keywords', async () => {
    render(<Harness />);
    await userEvent.click(field());
    await userEvent.paste('jazz, soul');
    expect(value()).toEqual(['jazz', 'soul']);
    expect(field()).toHaveValue('');
  });

  it('leaving the field (a phone keyboard’s Done) adds what was typed', async () => {
    render(<Harness />);
    await userEvent.type(field(), 'rooftop');
    await userEvent.click(screen.getByLabelText('Title'));
    expect(value()).toEqual(['rooftop']);
    expect(field()).toHaveValue('');
  });

  it('saving the form with text still in the field saves it as a keyword', async () => {
    const onSave = vi.fn();
    render(<Harness initial={['jazz']} onSave={onSave} />);
    // Typed, then saved without the field losing focus first (a keyboard shortcut, a submit from code).
    fireEvent.change(field(), { target: { value: 'Live Music' } });
    fireEvent.submit(field().closest('form')!);
    expect(onSave).toHaveBeenCalledWith(['jazz', 'live music']);
  });

  it('a keyword that is too long stays in the field with the contract’s sentence', async () => {
    render(<Harness />);
    await userEvent.type(field(), 'abcdefghijklmnop{Enter}');
    expect(value()).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent(KEYWORD_TOO_LONG);
    expect(field()).toHaveValue('abcdefghijklmnop');
    expect(field()).toHaveAccessibleDescription(expect.stringContaining(KEYWORD_TOO_LONG));
  });

  it('a duplicate says it is already added', async () => {
    render(<Harness initial={['pizza']} />);
    await userEvent.type(field(), 'PIZZA{Enter}');
    expect(value()).toEqual(['pizza']);
    expect(screen.getByRole('alert')).toHaveTextContent(DUPLICATE_KEYWORD);
  });

  it('a 16th keyword stays in the field and says the limit, until one is removed', async () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => `k${i}`);
    render(<Harness initial={fifteen} />);
    await userEvent.type(field(), 'extra{Enter}');
    expect(value()).toEqual(fifteen);
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY_KEYWORDS);
    expect(field()).toHaveValue('extra');
    await userEvent.click(screen.getByRole('button', { name: 'Remove keyword k0' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(field(), '{Enter}');
    expect(value()).toEqual([...fifteen.slice(1), 'extra']);
  });
});
