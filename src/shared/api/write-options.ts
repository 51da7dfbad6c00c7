export interface WriteOptions {
  /** Same key → the server applies the write once (CONTRACTS §3). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Headers and signal shared by every write endpoint. */
export function writeHeaders(options: WriteOptions & { ifMatch?: number | string }): {
  headers: Record<string, string>;
  signal?: AbortSignal;
} {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.ifMatch !== undefined) headers['If-Match'] = String(options.ifMatch);
  return options.signal ? { headers, signal: options.signal } : { headers };
}
