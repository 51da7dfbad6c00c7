/**
 * Turns request data into typed values with the shared valibot schemas; any
 * failure is a 400 with `{detail, errors: {field: [...]}}`, never a 5xx.
 */
import * as v from 'valibot';
import { ApiError, type FieldErrors } from './problem.ts';
import type { ApiContext } from '../context.ts';

export function fieldErrors(issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): FieldErrors {
  const flat = v.flatten(issues);
  const errors: FieldErrors = {};
  if (flat.root?.length) errors.non_field_errors = flat.root;
  for (const [path, messages] of Object.entries(flat.nested ?? {})) {
    if (!messages?.length) continue;
    const field = path.split('.')[0] ?? path;
    (errors[field] ??= []).push(...messages);
  }
  return errors;
}

/** The first message, as the sentence a form can show. */
function firstMessage(errors: FieldErrors): string {
  for (const messages of Object.values(errors)) if (messages[0]) return messages[0];
  return 'Please check the highlighted fields.';
}

export function validate<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const errors = fieldErrors(result.issues);
  throw new ApiError(400, firstMessage(errors), errors);
}

/** Parses the JSON body: malformed JSON or a non-object is a 400 with a plain sentence. */
export async function readJson(c: ApiContext): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  // No Content-Type is refused too: a JSON body must say so (a cross-site form cannot).
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'Send the body as JSON (Content-Type: application/json).');
  }
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new ApiError(400, 'The request body could not be read.');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

export async function readJsonAs<TSchema extends v.GenericSchema>(
  c: ApiContext,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  return validate(schema, await readJson(c));
}
