import * as v from 'valibot';
import { UnexpectedResponseError } from './errors.ts';

/** Checks a response body against its contract schema; a mismatch is a typed error, never a silent `any`. */
export function parseResponse<TSchema extends v.GenericSchema>(
  schema: TSchema,
  data: unknown,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw new UnexpectedResponseError(what, v.flatten(result.issues));
  return result.output;
}
