/**
 * An image read a piece at a time: serving a 10 MB original to a
 * client that reads a byte a second must not hold 10 MB for it. Every store
 * hands out the same shape — the sniffed type, the size for Content-Length,
 * and a pull-based stream that reads the next CHUNK_BYTES only when the
 * connection has taken the previous one, so a connection holds about one
 * chunk however slowly it reads.
 */
import type { ImageType } from './image-type.ts';

export interface ImageStream {
  type: ImageType;
  size: number;
  body: ReadableStream<Uint8Array>;
}

/** One read from disk, one query to PostgreSQL: 160 of them for a 10 MB image. */
export const CHUNK_BYTES = 64 * 1024;

/** Enough of the start of a file to sniff its type (sniffImageType reads 12 bytes). */
export const HEAD_BYTES = 16;

/**
 * A stream that asks `read(offset, length)` for the next chunk only when it is
 * pulled, `size` bytes in all; `close` runs once, however it ends. A read that
 * comes back short (the object was deleted or truncated meanwhile) ends the
 * stream with an error, so the client sees a cut connection, not a short image.
 */
export function chunkedStream(
  size: number,
  read: (offset: number, length: number) => Promise<Uint8Array | null>,
  close: () => Promise<void> = async () => undefined,
): ReadableStream<Uint8Array> {
  let offset = 0;
  let closed = false;
  const finish = async () => {
    if (closed) return;
    closed = true;
    await close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (offset >= size) {
          await finish();
          controller.close();
          return;
        }
        const length = Math.min(CHUNK_BYTES, size - offset);
        let chunk: Uint8Array | null;
        try {
          chunk = await read(offset, length);
        } catch (error) {
          await finish();
          throw error;
        }
        if (!chunk || chunk.length !== length) {
          await finish();
          throw new Error('The image changed while it was being read.');
        }
        offset += length;
        controller.enqueue(chunk);
        if (offset >= size) {
          await finish();
          controller.close();
        }
      },
      cancel: finish,
    },
    // Nothing read ahead of the connection: the next chunk is read when this one is taken.
    { highWaterMark: 0 },
  );
}

/** The whole stream in memory (copies between stores, tests). */
export async function readWhole(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const part of stream) {
    parts.push(part);
    length += part.length;
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
