/**
 * Without WORKERS, an instance on PostgreSQL runs one API process per core,
 * at most four, and never fewer than one — wherever PostgreSQL runs.
 */
import { describe, expect, it } from 'vitest';
import { defaultWorkers } from '../../server/runtime/default-workers.ts';

describe('default API processes', () => {
  it('one per core', () => {
    expect(defaultWorkers(1)).toBe(1);
    expect(defaultWorkers(2)).toBe(2);
    expect(defaultWorkers(3)).toBe(3);
  });

  it('at most four', () => {
    expect(defaultWorkers(4)).toBe(4);
    expect(defaultWorkers(16)).toBe(4);
  });

  it('never fewer than one, whatever the platform reports', () => {
    expect(defaultWorkers(0)).toBe(1);
  });
});
