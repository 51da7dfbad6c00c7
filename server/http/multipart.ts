/**
 * Reads multipart (or urlencoded, or JSON) write bodies into text fields and
 * files. Repeated text fields keep the last value; a JSON body's arrays and
 * objects are passed through so the shared schemas see one shape either way.
 */
import { ApiError } from './problem.ts';
import { readJson } from './validation.ts';
import type { ApiContext } from '../context.ts';

export interface FormInput {
  fields: Record<string, unknown>;
  files: Record<string, File>;
}

export async function readForm(c: ApiContext): Promise<FormInput> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/json') || type.includes('+json')) {
    return { fields: await readJson(c), files: {} };
  }
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new ApiError(415, 'Send the form as multipart/form-data.');
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'The form data could not be read.');
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  for (const [name, raw] of Object.entries(body)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined) continue;
    if (typeof value === 'string') fields[name] = value;
    else if (value.size > 0) files[name] = value;
  }
  return { fields, files };
}
