/**
 * Password hashes: argon2id at OWASP's cost (19 MiB, 2 passes, 1 lane) whatever NODE_ENV
 * says, except under the test runner, which hashes at 1 MiB and one pass to keep the suite
 * short. A hash records its parameters, so either kind verifies wherever it is read.
 */
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { configFromEnv, ConfigError } from '../../server/config.ts';
import { hashOptionsFor, hashPassword, verifyPassword } from '../../server/services/passwords.ts';

describe('password hashing cost', () => {
  it('is OWASP’s argon2id for production, development and an unset NODE_ENV', () => {
    for (const nodeEnv of ['production', 'development', undefined, ''])
      expect(hashOptionsFor(nodeEnv)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('is lighter only under the test runner', () => {
    expect(hashOptionsFor('test')).toMatchObject({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(process.env.NODE_ENV).toBe('test');
  });

  it('a release build refuses to start with NODE_ENV=test; a checkout runs with it', () => {
    const releaseTree = () => false;
    expect(() => configFromEnv({ NODE_ENV: 'test' }, releaseTree)).toThrow(ConfigError);
    expect(() => configFromEnv({ NODE_ENV: 'test' }, releaseTree)).toThrow(
      /NODE_ENV=test is refused in a release build/,
    );
    expect(configFromEnv({ NODE_ENV: 'test' }, () => true)).toBeTruthy();
  });

  it('verifies a hash made at production cost, and refuses a wrong password against it', async () => {
    const stored = await hash('correct horse battery', hashOptionsFor('production'));
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    // And one made here verifies too: the parameters travel in the hash.
    expect(await verifyPassword(await hashPassword('x-1234567'), 'x-1234567')).toBe(true);
  });
});
