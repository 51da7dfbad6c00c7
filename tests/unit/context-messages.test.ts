import { describe, expect, it } from 'vitest';
import {
  readAuthMessage,
  readOutboxMessage,
  readPageToWorkerMessage,
  readSharedItemMessage,
} from '../../src/shared/messages.ts';

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

  it("reads a listing page's request to be kept offline only with its address", () => {
    expect(readPageToWorkerMessage({ type: 'KEEP_LISTING', url: '/e/12/jazz-night' })).toEqual({
      type: 'KEEP_LISTING',
      url: '/e/12/jazz-night',
    });
    expect(readPageToWorkerMessage({ type: 'KEEP_LISTING' })).toBeNull();
    expect(readPageToWorkerMessage({ type: 'KEEP_LISTING', url: 12 })).toBeNull();
  });

  it('reads what the worker kept from a share: the image only when it is one, the title as text', () => {
    const image = new Blob(['GIF89a'], { type: 'image/gif' });
    expect(readSharedItemMessage({ type: 'SHARED_ITEM', image, title: 'Flyer', extra: 1 })).toEqual({
      type: 'SHARED_ITEM',
      image,
      title: 'Flyer',
    });
    expect(readSharedItemMessage({ type: 'SHARED_ITEM', image: 'data:,x', title: '' })).toEqual({
      type: 'SHARED_ITEM',
      image: null,
      title: '',
    });
    expect(readSharedItemMessage({ type: 'SHARED_ITEM', image })).toBeNull();
    expect(readSharedItemMessage({ type: 'KEEP_LISTING', url: '/e/1/a' })).toBeNull();
  });
});
