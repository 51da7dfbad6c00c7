/**
 * How many API processes an instance runs when WORKERS is not set, on
 * PostgreSQL (PGlite lives in the process, so it always has one): one per
 * core, at most four — less one core when PostgreSQL runs on this same
 * machine (its URL names a loopback address or a Unix socket).
 *
 * Why the core left over: on a 2-core host with PostgreSQL beside the server
 * (the one-machine deployment of the README), two API processes served fewer
 * requests a second than one, at 1.3× the CPU per request and a higher p99
 * (docs/benchmarks/issue-27-figures.md): the processes and the database's
 * backends took turns on the same cores. With the database elsewhere every
 * core is the server's.
 */
const MAX_DEFAULT_WORKERS = 4;

/** True when the PostgreSQL of `databaseUrl` is on this machine: a loopback host or a Unix socket. */
export function databaseIsLocal(databaseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  const socketHost = url.searchParams.get('host');
  if (socketHost?.startsWith('/')) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === '' || host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export function defaultWorkers(databaseUrl: string, cores: number): number {
  const available = databaseIsLocal(databaseUrl) ? cores - 1 : cores;
  return Math.max(1, Math.min(available, MAX_DEFAULT_WORKERS));
}
