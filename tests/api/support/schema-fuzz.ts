/**
 * Bad input generated from the shared valibot schemas with fast-check: walk a
 * request schema to find its fields and a plausible valid value for each,
 * then break exactly one thing at a time — a wrong type, a missing field,
 * control characters, a 1 MB string, deep nesting, an unexpected field — so
 * every request reaches a different corner of the validation.
 */
import fc from 'fast-check';
import type * as v from 'valibot';

type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  wrapped?: AnySchema;
  options?: readonly unknown[];
  item?: AnySchema;
  literal?: unknown;
  pipe?: readonly ({ kind: string } & Partial<AnySchema>)[];
};

/** Values that pass the field-specific rules, so a mutation elsewhere is the only fault. */
const plausible: Record<string, unknown> = {
  email: 'fuzz.target@example.org',
  password: 'long-enough-password-1',
  current_password: 'long-enough-password-1',
  new_password: 'another-long-password-2',
  display_name: 'fuzzer_1',
  full_name: 'Fuzz Tester',
  date_of_birth: '1990-05-17',
  code: '1234',
  refresh: 'not-a-real-refresh-token',
  message: 'This is a long enough issue report message.',
  title: 'A fuzzed event',
  start_date: '2030-01-01',
  end_date: '2030-01-02',
  start_time: '10:00',
  end_time: '11:00',
  recurring_start_time: '09:00',
  recurring_end_time: '17:00',
  latitude: '51.5',
  longitude: '-0.12',
  keywords: '["music","night"]',
  schedule_blocks: '{"monday":[{"start":"09:00","end":"17:00"}]}',
  input: 'london',
  platform: 'web',
  place_id: 'city:2643743',
  venue: 'Cafe Nero',
  lat: '51.5',
  lng: '-0.12',
};

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  while (
    (current.type === 'optional' || current.type === 'nullable' || current.type === 'nullish') &&
    current.wrapped
  ) {
    current = current.wrapped;
  }
  return current;
}

/** A value of the right shape for `schema` (not always valid: pipes may add rules). */
export function plausibleValue(schema: AnySchema, name = ''): unknown {
  if (name in plausible) return plausible[name];
  const s = unwrap(schema);
  switch (s.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return Object.fromEntries(
        Object.entries(s.entries ?? {}).map(([key, entry]) => [key, plausibleValue(entry, key)]),
      );
    case 'picklist':
      return s.options?.find((option) => option !== '') ?? s.options?.[0];
    case 'literal':
      return s.literal;
    case 'union':
      return plausibleValue(
        (s.options as AnySchema[]).find((o) => unwrap(o).type !== 'null') ?? (s.options as AnySchema[])[0]!,
      );
    case 'array':
      return s.item ? [plausibleValue(s.item)] : [];
    case 'boolean':
      return true;
    case 'number':
      return 1;
    case 'unknown': {
      // JSON text in a form field: the schema it must parse into follows in the pipe.
      const inner = s.pipe?.slice(1).find((step) => step.kind === 'schema') as AnySchema | undefined;
      return inner ? JSON.stringify(plausibleValue(inner)) : 'text';
    }
    default:
      return 'text';
  }
}

/** The top-level field names of an object schema. */
export function fieldsOf(schema: v.GenericSchema): string[] {
  return Object.keys((unwrap(schema as AnySchema).entries ?? {}) as object);
}

const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
);

/** Text with a control character or unpaired surrogate somewhere inside. */
export const controlText = fc
  .tuple(fc.string({ maxLength: 12 }), controlCharacter, fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

const ONE_MB = 1024 * 1024;
/** Strings an attacker sends: control characters, 1 MB, odd Unicode, number-like text. */
export const badString = fc.oneof(
  { weight: 5, arbitrary: controlText },
  { weight: 1, arbitrary: fc.constant('x'.repeat(ONE_MB)) },
  { weight: 2, arbitrary: fc.string({ minLength: 1000, maxLength: 20_000, unit: 'grapheme' }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', ' ', 'NaN', 'Infinity', '-0', '1e309', 'null', 'true', '[]', '{}', '0x10'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom("'; DROP TABLE users; --", '%00', '../../etc/passwd', '<script>alert(1)</script>'),
  },
  { weight: 1, arbitrary: fc.constantFrom('9999-99-99', '2025-02-30', '24:00', '23:60', '-1', '99999999999999999999') },
);

/** `[[[[…]]]]` (or objects) nested `depth` deep. */
export function deeplyNested(depth: number, kind: 'array' | 'object' = 'array'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Values of the wrong JSON type. */
export const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constantFrom(deeplyNested(3000), deeplyNested(500, 'object')),
);

export type Mutation =
  | { kind: 'missing'; field: string }
  | { kind: 'wrong type'; field: string; value: unknown }
  | { kind: 'bad text'; field: string; value: string }
  | { kind: 'extra field'; field: string; value: unknown };

/** One broken field per request, over the fields of `schema`. */
export function mutations(schema: v.GenericSchema): fc.Arbitrary<Mutation> {
  const fields = fieldsOf(schema);
  const field = fc.constantFrom(...(fields.length ? fields : ['field']));
  return fc.oneof(
    { weight: 1, arbitrary: field.map((f): Mutation => ({ kind: 'missing', field: f })) },
    {
      weight: 3,
      arbitrary: fc.tuple(field, wrongType).map(([f, value]): Mutation => ({ kind: 'wrong type', field: f, value })),
    },
    {
      weight: 5,
      arbitrary: fc.tuple(field, badString).map(([f, value]): Mutation => ({ kind: 'bad text', field: f, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'is_staff', 'version'),
          fc.anything({ maxDepth: 1 }),
        )
        .map(([f, value]): Mutation => ({ kind: 'extra field', field: f, value })),
    },
  );
}

/** The plausible object for `schema` with `mutation` applied. */
export function mutated(schema: v.GenericSchema, mutation: Mutation): Record<string, unknown> {
  const base = { ...(plausibleValue(schema as AnySchema) as Record<string, unknown>) };
  if (mutation.kind === 'missing') delete base[mutation.field];
  else Object.defineProperty(base, mutation.field, { value: mutation.value, enumerable: true, writable: true });
  return base;
}

/** Form/query text for any value: strings as they are, the rest as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
