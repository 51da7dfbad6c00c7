/**
 * A request whose client went away while its body was still arriving (an
 * aborted upload, a body cut by the request-body timeout in
 * ./request-timeouts.ts). Reading the body then fails with Node's "aborted"
 * (ECONNRESET) or a premature close; that is the client's doing, not a
 * server fault: it is logged as a warning with its reason, never as a 500
 * nor sent to the error webhook, which anyone could otherwise flood.
 */
import type { ApiContext } from '../context.ts';

const abortCodes = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNABORTED', 'EPIPE']);

interface MaybeIncoming {
  aborted?: boolean;
  destroyed?: boolean;
  complete?: boolean;
  socket?: { destroyed?: boolean } | null;
}

function isAbortError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && abortCodes.has(code)) return true;
  if (error.name === 'AbortError' || error.message === 'aborted') return true;
  return error.cause !== undefined && isAbortError(error.cause);
}

/** Why the request failed on the client's side, or null when the error is the server's. */
export function clientGoneReason(error: unknown, c: ApiContext): string | null {
  if (!isAbortError(error)) return null;
  const incoming = c.env?.incoming as MaybeIncoming | undefined;
  // Only a request whose own connection is gone: an ECONNRESET from the database or S3 is ours.
  const gone = incoming
    ? Boolean(incoming.aborted || incoming.destroyed || incoming.socket?.destroyed) && !incoming.complete
    : c.req.raw.signal.aborted;
  if (!gone) return null;
  return 'The connection closed before the request body was complete (client hung up or the body timed out).';
}
