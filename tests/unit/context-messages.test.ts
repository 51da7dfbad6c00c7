import { describe, expect, it } from 'vitest';
import { readAuthMessage, readOutboxMessage, readPageToWorkerMessage } from '../../src/shared/messages.ts';

describe('messages between contexts', () => {
  it('reads well-formed outbox news and refuses anything else instead of casting it', () => {
    expect(readOutboxMessage({ type: 'sending', entryId: 'e1', target: 'event:5' })).toEqual({
      type: 'sending',
      entryId: 'e1',
      target: 'event:5',
    });
    expect(readOutboxMessage({ type: 'created', tempTarget: 'event:tmp-a', id: 9 })).toMatchObject({ id: 9 });
    expect(
      readOutboxMessage({ type: 'outcome', entryId: 'e1', outcome: { kind: 'deferred', reason: 'offline' } }),
    ).not.toBeNull();
    expect(readOutboxMessage({ type: 'sending', entryId: 1 })).toBeNull();
    expect(readOutboxMessage({ type: 'created', tempTarget: 'event:tmp-a', id: '9' })).toBeNull();
    expect(readOutboxMessage({ type: 'outcome', entryId: 'e1', outcome: { kind: 'exploded' } })).toBeNull();
    expect(readOutboxMessage({ type: 'FLUSH_OUTBOX' })).toBeNull();
    expect(readOutboxMessage('changed')).toBeNull();
  });

  it('reads the worker and auth messages', () => {
    expect(readPageToWorkerMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' });
    expect(readPageToWorkerMessage({ type: 'FLUSH_OUTBOX' })).toBeNull();
    expect(readAuthMessage({ type: 'signed-out', extra: 1 })).toEqual({ type: 'signed-out' });
    expect(readAuthMessage(null)).toBeNull();
  });
});
