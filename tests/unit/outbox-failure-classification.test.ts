import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/api/errors.ts';
import { classifyFailure } from '../../src/shared/outbox/classify-failure.ts';
import type { OutboxEntry } from '../../src/shared/outbox/entry.ts';

const create = {
  intent: { kind: 'event.create', target: 'event:tmp-a', fields: { title: 'x' } },
} as unknown as OutboxEntry;

describe('what a failed send means', () => {
  it('retries a 409 that says when to come back (the same Idempotency-Key still being processed)', () => {
    const busy = new ApiError({
      status: 409,
      detail: 'A request with this Idempotency-Key is still being processed.',
      retryAfter: 1,
    });
    expect(classifyFailure(create, busy)).toMatchObject({ kind: 'transient', retryAfter: 1 });
  });

  it('asks the person about any other 409 (a second business listing, the event cap) instead of retrying forever', () => {
    const listing = new ApiError({ status: 409, detail: 'You already have a business listing.' });
    expect(classifyFailure(create, listing)).toEqual({
      kind: 'rejected',
      status: 409,
      detail: 'You already have a business listing.',
    });
  });
});
