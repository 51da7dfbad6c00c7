import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkForUpdatesPeriodically, UPDATE_CHECK_EVERY_MS } from '../../src/lib/sw-update-checks.ts';

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('an open tab checks for a new release', () => {
  it('every hour while visible', () => {
    const update = vi.fn(() => Promise.resolve());
    const stop = checkForUpdatesPeriodically(update);
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS - 1000);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS * 3);
    expect(update).toHaveBeenCalledTimes(4);
    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS * 3);
    expect(update).toHaveBeenCalledTimes(4);
  });

  it('not while hidden, and at once when it comes back into view after an hour', () => {
    const update = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = checkForUpdatesPeriodically(update);
    visibility = 'hidden';
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS * 5);
    expect(update).not.toHaveBeenCalled();
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(1);
    // Back and forth within the hour: no more checks.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(1);
    stop();
  });
});
