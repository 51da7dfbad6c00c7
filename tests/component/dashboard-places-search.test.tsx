import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlacesSearch, type ChosenPlace, type PlaceSuggestion } from '../../src/components/places-search.tsx';

const london: PlaceSuggestion[] = [
  { place_id: 'p1', description: 'London, England, United Kingdom' },
  { place_id: 'p2', description: 'London, Ontario, Canada' },
  { place_id: 'p3', description: 'Londonderry, Northern Ireland' },
];

function Harness(props: {
  search: (input: string, signal: AbortSignal) => Promise<readonly PlaceSuggestion[]>;
  onPlace?: (place: ChosenPlace) => void;
}) {
  const [text, setText] = useState('');
  return (
    <PlacesSearch
      value={text}
      onTextChange={setText}
      onPlace={props.onPlace ?? (() => undefined)}
      search={props.search}
      details={async (placeId) => (placeId === 'p2' ? { lat: 42.98, lng: -81.25 } : { lat: 51.5, lng: -0.12 })}
    />
  );
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('places search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for more than 2 trimmed characters', async () => {
    const search = vi.fn(async () => london);
    render(<Harness search={search} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: '  lo   ' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(search).not.toHaveBeenCalled();
  });

  it('searches once, 400 ms after the last keystroke', async () => {
    const search = vi.fn(async () => london);
    render(<Harness search={search} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(input, { target: { value: 'lon' } });
    await act(async () => vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: 'lond' } });
    await act(async () => vi.advanceTimersByTime(399));
    expect(search).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('lond', expect.any(AbortSignal));
    await flush();
    const list = screen.getByRole('listbox');
    expect(list).toHaveStyle({ maxHeight: '260px' });
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the options with the arrow keys and chooses with Enter', async () => {
    const onPlace = vi.fn();
    const search = vi.fn(async () => london);
    render(<Harness search={search} onPlace={onPlace} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(input, { target: { value: 'london' } });
    await act(async () => vi.advanceTimersByTime(400));
    await flush();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await flush();
    expect(input).toHaveValue('London, Ontario, Canada');
    expect(onPlace).toHaveBeenCalledWith({ description: 'London, Ontario, Canada', lat: 42.98, lng: -81.25 });
    expect(screen.queryByRole('option')).toBeNull();
    // Choosing does not start another search for the chosen text.
    await act(async () => vi.advanceTimersByTime(1000));
    await flush();
    expect(search).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('chooses an option with the pointer', async () => {
    const onPlace = vi.fn();
    render(<Harness search={async () => london} onPlace={onPlace} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(input, { target: { value: 'london' } });
    await act(async () => vi.advanceTimersByTime(400));
    await flush();
    fireEvent.mouseDown(screen.getByRole('option', { name: 'London, England, United Kingdom' }));
    await flush();
    expect(input).toHaveValue('London, England, United Kingdom');
    expect(onPlace).toHaveBeenCalledWith({ description: 'London, England, United Kingdom', lat: 51.5, lng: -0.12 });
  });

  it('logs a failed search and shows an empty list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = false;
    render(<Harness search={async () => (fail ? Promise.reject(new Error('offline')) : london)} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(input, { target: { value: 'london' } });
    await act(async () => vi.advanceTimersByTime(400));
    await flush();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    fail = true;
    fireEvent.change(input, { target: { value: 'londo' } });
    await act(async () => vi.advanceTimersByTime(400));
    await flush();
    expect(logged).toHaveBeenCalledWith('Places search failed', expect.any(Error));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    logged.mockRestore();
  });
});
