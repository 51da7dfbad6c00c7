/**
 * valibot → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), for the
 * schema kinds src/shared/contract uses. `@valibot/to-json-schema` is not a
 * dependency; this reads valibot's public schema objects (`type`, `entries`,
 * `pipe` …) the same way.
 *
 * A schema describes what a client *sends* (or receives): a pipe contributes
 * its first schema plus the checks that run before any conversion; checks
 * after a conversion (`transform`, `toNumber`) apply to another value and are
 * left out. Checks JSON Schema cannot say (`check`, custom rules) are
 * described by the entry's text instead. Unknown kinds throw, so a new kind
 * in the contract is noticed by the OpenAPI test rather than documented wrong.
 */

export type JsonSchema = { [key: string]: unknown };

interface ValibotNode {
  kind: string;
  type: string;
  expects?: string;
  requirement?: unknown;
  pipe?: ValibotNode[];
  entries?: Record<string, ValibotNode>;
  wrapped?: ValibotNode;
  default?: unknown;
  item?: ValibotNode;
  options?: unknown[];
  literal?: unknown;
  key?: ValibotNode;
  value?: ValibotNode;
  rest?: ValibotNode;
}

/** Actions that keep the value a string of the same kind, so later checks still describe the input. */
const SHAPE_KEEPING = new Set(['trim', 'trim_start', 'trim_end', 'to_lower_case', 'to_upper_case', 'normalize']);

function applyAction(schema: JsonSchema, action: ValibotNode): void {
  const requirement = action.requirement;
  switch (action.type) {
    case 'min_length':
      schema[schema.type === 'array' ? 'minItems' : 'minLength'] = requirement;
      return;
    case 'max_length':
      schema[schema.type === 'array' ? 'maxItems' : 'maxLength'] = requirement;
      return;
    case 'length':
      schema.minLength = requirement;
      schema.maxLength = requirement;
      return;
    case 'min_value':
      schema.minimum = requirement;
      return;
    case 'max_value':
      schema.maximum = requirement;
      return;
    case 'regex':
      schema.pattern = (requirement as RegExp).source;
      return;
    case 'email':
      schema.format = 'email';
      return;
    case 'integer':
      schema.type = 'integer';
      return;
    default:
      // finite, check, custom rules: not expressible; the value stays valid JSON Schema.
      return;
  }
}

function fromPipe(pipe: ValibotNode[]): JsonSchema {
  const [first, ...actions] = pipe;
  const schema = toJsonSchema(first!);
  for (const action of actions) {
    if (action.kind === 'schema') return schema; // a nested schema after a conversion
    if (action.kind === 'transformation' && !SHAPE_KEEPING.has(action.type)) return schema;
    if (action.kind === 'validation') applyAction(schema, action);
  }
  return schema;
}

function fromObject(node: ValibotNode, closed: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, entry] of Object.entries(node.entries ?? {})) {
    properties[name] = toJsonSchema(entry);
    if (entry.type !== 'optional' && entry.type !== 'exact_optional' && entry.type !== 'nullish') required.push(name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

function literalType(value: unknown): string {
  return value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value;
}

/** The JSON Schema of a valibot schema (any value typed as a valibot schema object). */
export function toJsonSchema(schema: unknown): JsonSchema {
  const node = schema as ValibotNode;
  if (node.pipe) return fromPipe(node.pipe);
  switch (node.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'unknown':
    case 'any':
      return {};
    case 'literal':
      return { const: node.literal, type: literalType(node.literal) };
    case 'picklist':
    case 'enum':
      return { enum: node.options };
    case 'object':
    case 'loose_object':
      return fromObject(node, false);
    case 'strict_object':
      return fromObject(node, true);
    case 'array':
      return { type: 'array', items: toJsonSchema(node.item) };
    case 'record':
      return { type: 'object', propertyNames: toJsonSchema(node.key), additionalProperties: toJsonSchema(node.value) };
    case 'union':
      return { anyOf: (node.options as ValibotNode[]).map((option) => toJsonSchema(option)) };
    case 'optional':
    case 'exact_optional':
      return withDefault(toJsonSchema(node.wrapped), node.default);
    case 'nullable':
    case 'nullish':
      return withDefault({ anyOf: [toJsonSchema(node.wrapped), { type: 'null' }] }, node.default);
    default:
      throw new Error(
        `No JSON Schema for the valibot kind "${node.type}"; add it to server/http/openapi/json-schema.ts`,
      );
  }
}

function withDefault(schema: JsonSchema, fallback: unknown): JsonSchema {
  return fallback === undefined || typeof fallback === 'function' ? schema : { ...schema, default: fallback };
}
