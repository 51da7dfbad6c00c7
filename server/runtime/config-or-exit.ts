/** configFromEnv() for an entry point: a bad variable is one line and exit 78, not a stack trace. */
import { configFromEnv, type Config } from '../config.ts';
import { EXIT_CONFIG, refuseToStart } from './start-failure.ts';

export function configOrExit(): Config {
  try {
    return configFromEnv();
  } catch (error) {
    return refuseToStart(error instanceof Error ? error.message : String(error), EXIT_CONFIG);
  }
}
