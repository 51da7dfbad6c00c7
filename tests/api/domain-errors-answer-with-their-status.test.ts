/**
 * Services refuse in the domain's words (server/services/domain-errors.ts) and know no HTTP;
 * the API answers each refusal with the status, body and headers contract §3 gives it. The
 * API tests of each limit prove the same through a real request; this one covers every kind.
 */
import { describe, expect, it } from 'vitest';
import { domainErrorAnswer } from '../../server/http/domain-errors.ts';
import {
  Conflict,
  DomainError,
  Forbidden,
  InvalidInput,
  NotFound,
  RateLimited,
  TooLarge,
  UnsupportedType,
} from '../../server/services/domain-errors.ts';

const answer = (error: unknown) => {
  const found = domainErrorAnswer(error);
  return found && { status: found.status, detail: found.detail, errors: found.errors, headers: found.headers };
};

describe('domain errors as HTTP answers', () => {
  it('gives each kind its status and keeps the sentence word for word', () => {
    const cases: [DomainError, number][] = [
      [new InvalidInput('Give it a title.'), 400],
      [new Forbidden('Only business and promoter accounts can manage events.'), 403],
      [new NotFound('Event not found.'), 404],
      [new Conflict('An account can have at most 500 events. Delete events that are over to add new ones.'), 409],
      [new TooLarge('Images can be at most 10 MB.'), 413],
      [new UnsupportedType('Upload a JPEG, PNG, WebP or GIF image.'), 415],
    ];
    for (const [error, status] of cases) {
      expect(answer(error)).toEqual({ status, detail: error.detail, errors: undefined, headers: undefined });
    }
  });

  it('carries field errors beside the detail, and Retry-After with a rate limit', () => {
    expect(answer(new InvalidInput('Give it a title.', { title: ['Give it a title.'] }))).toMatchObject({
      status: 400,
      errors: { title: ['Give it a title.'] },
    });
    expect(answer(new RateLimited('Too many attempts. Please wait 7 seconds and try again.', 7))).toEqual({
      status: 429,
      detail: 'Too many attempts. Please wait 7 seconds and try again.',
      errors: undefined,
      headers: { 'Retry-After': '7' },
    });
  });

  it('leaves everything else to the rest of the error handler (a 500 for a bug)', () => {
    class Unmapped extends DomainError {}
    expect(answer(new Unmapped('A kind nobody gave a status.'))).toBeNull();
    expect(answer(new Error('boom'))).toBeNull();
    expect(answer({ detail: 'looks like one' })).toBeNull();
  });
});
