/**
 * The metrics listener binds to 127.0.0.1 even when HOST opens the public
 * port on every interface (as the Docker image does): route counts, error
 * rates and pool sizes are reachable from outside only when METRICS_HOST
 * says so. A real server process with HOST=0.0.0.0, probed on this machine's
 * non-loopback address, where the public port answers and metrics do not.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { baseEnv, freePort, startServer, type ServerProcess } from '../support/server-process.ts';

const outside = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

let server: ServerProcess;
let port = 0;
let metricsPort = 0;

beforeAll(async () => {
  [port, metricsPort] = [await freePort(), await freePort()];
  server = startServer(await baseEnv({ HOST: '0.0.0.0', PORT: String(port), METRICS_PORT: String(metricsPort) }));
  await server.ready;
}, 60_000);

afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

describe('the metrics listener', () => {
  it('binds to loopback unless METRICS_HOST is set, whatever HOST is', () => {
    expect(configFromEnv({ HOST: '0.0.0.0', METRICS_PORT: '9464' }).metricsHost).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe(
      '0.0.0.0',
    );
  });

  it('answers on 127.0.0.1 and not on another interface where the public port answers', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
    if (!outside) return; // no other interface on this machine to probe
    expect((await fetch(`http://${outside}:${port}/api/health`)).status).toBe(200);
    await expect(fetch(`http://${outside}:${metricsPort}/metrics`)).rejects.toThrow();
  });
});
