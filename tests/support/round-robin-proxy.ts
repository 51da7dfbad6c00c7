/**
 * A small round-robin HTTP load balancer on loopback, for tests of several
 * instances: each request goes to the next upstream in turn, and the answer
 * says which one served it (`x-upstream`). An upstream that refuses or drops
 * a connection is taken out of the rotation and the request gets a 502, the
 * way a real balancer with health checks behaves once the check fails.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';

export interface Upstream {
  name: string;
  port: number;
}

export interface RoundRobinProxy {
  url: string;
  /** Names of upstreams still in the rotation. */
  alive(): string[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: Upstream[]): Promise<RoundRobinProxy> {
  const down = new Set<string>();
  let next = 0;
  const pick = (): Upstream | null => {
    for (let i = 0; i < upstreams.length; i++) {
      const candidate = upstreams[(next + i) % upstreams.length]!;
      if (!down.has(candidate.name)) {
        next = (next + i + 1) % upstreams.length;
        return candidate;
      }
    }
    return null;
  };

  const server: Server = createServer((req: IncomingMessage, res) => {
    const upstream = pick();
    if (!upstream) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"detail":"No upstream left."}');
      return;
    }
    const forward = request(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: 'close' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream.name });
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    forward.on('error', () => {
      down.add(upstream.name);
      if (!res.headersSent) {
        res
          .writeHead(502, { 'content-type': 'application/json', 'x-upstream': upstream.name })
          .end('{"detail":"The upstream went away."}');
      } else {
        res.destroy();
      }
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    alive: () => upstreams.map((u) => u.name).filter((name) => !down.has(name)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
