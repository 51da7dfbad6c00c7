/**
 * valibot → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) through
 * @valibot/to-json-schema. A request schema is described as the client sends
 * it (`typeMode: 'input'`: a pipe stops at its first conversion). Actions
 * JSON Schema cannot say (trimming, `check` rules) are left out; anything
 * else it cannot convert throws, so a new kind in the contract is noticed by
 * the OpenAPI test rather than documented wrong.
 */
import { toJsonSchema as convert } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

export type JsonSchema = { [key: string]: unknown };

const inexpressible = ['trim', 'trim_start', 'trim_end', 'to_lower_case', 'normalize', 'check', 'partial_check'];

export function toJsonSchema(schema: GenericSchema): JsonSchema {
  const { $schema: _dialect, ...json } = convert(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'throw',
    ignoreActions: inexpressible,
  }) as JsonSchema;
  return json;
}
