/**
 * What every write operation module shares (one module per write: method,
 * path, body encoding and response schema). The outbox and direct callers
 * build their requests with the same module, so the wire format has one home.
 */
import type * as v from 'valibot';
import type { ApiClient, RequestOptions } from '../api-client.ts';
import { parseResponse } from '../parse-response.ts';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface WriteRequest {
  method: WriteMethod;
  path: string;
  options: RequestOptions;
}

export interface WriteOptions {
  /** Same key → the server applies the write once (contract §3). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Headers (and signal) every write carries; `ifMatch` only for updates. */
export function writeOptions(
  options: WriteOptions & { ifMatch?: number | null },
): Pick<RequestOptions, 'headers' | 'signal'> {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.ifMatch !== undefined && options.ifMatch !== null) headers['If-Match'] = String(options.ifMatch);
  return options.signal ? { headers, signal: options.signal } : { headers };
}

/** A file field; a Blob without a name gets `fallbackName` (the server sniffs the content anyway). */
export function appendFile(form: FormData, field: string, blob: Blob, fallbackName: string): void {
  const name = (blob as Blob & { name?: unknown }).name;
  form.append(field, blob, typeof name === 'string' && name ? name : fallbackName);
}

/** Sends a built request and checks the answer against the operation's response schema. */
export async function sendWrite<TSchema extends v.GenericSchema>(
  client: Pick<ApiClient, 'request'>,
  request: WriteRequest,
  schema: TSchema,
  what: string,
): Promise<v.InferOutput<TSchema>> {
  const { data } = await client.request(request.method, request.path, request.options);
  return parseResponse(schema, data, what);
}
