/**
 * A release tree (`npm run release`) started without NODE_ENV used to run as a
 * developer's machine: dev mailbox on (reset codes readable), SEED_DEMO=1
 * allowed (accounts with the public password), mail only to the log. It now runs
 * as production unless NODE_ENV says otherwise; a checkout of the sources keeps
 * `npm start` demo-ready.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../server/config.ts';
import { isDevelopmentCheckout } from '../../server/runtime/checkout.ts';

const releaseTree = () => false;
const checkout = () => true;

describe('the run mode', () => {
  it('is development in this checkout of the sources', () => {
    expect(isDevelopmentCheckout()).toBe(true);
    expect(configFromEnv({}, checkout).production).toBe(false);
  });

  it('is production in a release tree without NODE_ENV, which then needs PUBLIC_URL and refuses SEED_DEMO', () => {
    expect(() => configFromEnv({}, releaseTree)).toThrow(ConfigError);
    expect(() => configFromEnv({}, releaseTree)).toThrow(
      /release build runs as production \(NODE_ENV is unset\) and needs PUBLIC_URL.*NODE_ENV=development/,
    );
    expect(configFromEnv({ PUBLIC_URL: 'https://roamly.example.com' }, releaseTree).production).toBe(true);
    expect(() => configFromEnv({ PUBLIC_URL: 'https://roamly.example.com', SEED_DEMO: '1' }, releaseTree)).toThrow(
      /SEED_DEMO=1 is refused in a release build/,
    );
  });

  it('follows NODE_ENV when it is set, in either tree', () => {
    expect(configFromEnv({ NODE_ENV: 'development', SEED_DEMO: '1' }, releaseTree).production).toBe(false);
    expect(() => configFromEnv({ NODE_ENV: 'production' }, checkout)).toThrow(/^NODE_ENV=production needs PUBLIC_URL/);
  });
});
