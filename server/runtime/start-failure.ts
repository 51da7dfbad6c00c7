/**
 * How start-up fails (contract §3): one line naming the problem on stderr,
 * no stack trace, and an exit code a supervisor can act on. 78 (EX_CONFIG,
 * sysexits.h) means "restarting will not help until someone changes the
 * configuration": systemd's RestartPreventExitStatus=78 and the cluster's
 * primary (server/index.ts) do not restart on it.
 */
export const EXIT_CONFIG = 78;
/** A requirement of the world (the database, the port) was not met; retrying later may work. */
export const EXIT_UNAVAILABLE = 69;

export function refuseToStart(reason: string, code: number = EXIT_CONFIG): never {
  process.stderr.write(`Roamly did not start: ${reason}\n`);
  process.exit(code);
}
