/**
 * Counts the socket writes this process makes to TEST_DATABASE_URL's server:
 * each one is a system call that wakes a backend, the cost the pipelined
 * transactions (server/db/client.ts) keep down.
 */
import { Socket } from 'node:net';

/** Calls `seen` on every socket write to TEST_DATABASE_URL's server; returns the function that stops it. */
export function onDatabaseWrite(seen: () => void): () => void {
  const port = Number(new URL(process.env.TEST_DATABASE_URL!).port || 5432);
  const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const original = { _write: proto._write, _writev: proto._writev };
  for (const method of ['_write', '_writev'] as const) {
    proto[method] = function (this: Socket, ...args: unknown[]) {
      if (this.remotePort === port) seen();
      return original[method]!.apply(this, args);
    };
  }
  return () => void Object.assign(proto, original);
}
