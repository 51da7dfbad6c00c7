/**
 * A loopback TCP proxy between the browser and the server, so a test can cut
 * the connection the way a real network does: for the page *and* its service
 * worker. (`context.setOffline` / `page.setOfflineMode` only flip the page's
 * side; the worker's own fetches still reach the server.)
 *
 *   const proxy = await openProxy(server.port);
 *   await page.goto(`${proxy.baseURL}/dashboard`);
 *   proxy.setMode('down');    // refused: every connection, old and new, is reset
 *   proxy.setMode('lie-fi');  // "connected", yet nothing useful comes back
 *   proxy.setMode('open');
 *   await proxy.close();
 *
 * Lie-fi is the cruel case (navigator.onLine stays true, no `online` event
 * marks its end). New connections take turns between two fates: the request
 * reaches the server but its answer is thrown away and the socket closed (the
 * write is applied and the client never learns it), or the request is held
 * with no answer at all, as a dead path does until the client gives up. Held
 * connections stay held after the mode changes back: the client's own
 * timeout has to notice them.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export type ProxyMode = 'open' | 'down' | 'lie-fi';

export interface ProxiedRequest {
  at: number;
  method: string;
  path: string;
  /** The answer's status as it reached the browser; null while none has (or when it was thrown away). */
  status: number | null;
}

export interface TcpProxy {
  port: number;
  baseURL: string;
  setMode(mode: ProxyMode): void;
  /** Requests that reached the server while in lie-fi but whose answer was thrown away. */
  droppedAnswers(): number;
  /** Every request passed on to the server, in order: when, method and path (query left out). */
  requests(): readonly ProxiedRequest[];
  close(): Promise<void>;
}

export async function openProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  let turn = 0;
  let dropped = 0;
  const log: ProxiedRequest[] = [];
  const live = new Set<Socket>();

  const track = (socket: Socket) => {
    live.add(socket);
    socket.on('close', () => live.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = createServer((client) => {
    track(client);
    if (mode === 'down') return void client.resetAndDestroy();
    const fate = mode === 'lie-fi' ? (turn++ % 2 === 0 ? 'drop-answer' : 'hold') : 'forward';
    if (fate === 'hold') return; // read nothing, answer nothing
    const upstream = createConnection({ port: targetPort, host: targetHost });
    track(upstream);
    // A connection opened while open becomes a dropper when lie-fi starts (keep-alive reuse).
    let dropsAnswers = fate === 'drop-answer';
    const unanswered: ProxiedRequest[] = []; // HTTP/1.1 answers come back in request order
    client.on('data', (chunk) => {
      if (mode === 'lie-fi') dropsAnswers = true;
      // A request line starts a chunk in practice (browsers write head and body apart).
      const line = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) ([^ ?]+)/.exec(chunk.toString('latin1', 0, 300));
      if (line?.[1] && line[2]) {
        const request = { at: Date.now(), method: line[1], path: line[2], status: null };
        log.push(request);
        unanswered.push(request);
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (dropsAnswers || mode !== 'open') {
        dropped++;
        client.destroy();
        upstream.destroy();
      } else {
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(chunk.toString('latin1', 0, 20));
        const request = status ? unanswered.shift() : undefined;
        if (request && status?.[1]) request.status = Number(status[1]);
        client.write(chunk);
      }
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    setMode(next) {
      mode = next;
      if (next === 'down') for (const socket of live) socket.destroy();
    },
    droppedAnswers: () => dropped,
    requests: () => log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of live) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
