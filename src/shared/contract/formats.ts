/**
 * Field formats shared by every API shape (contract §8): dates `YYYY-MM-DD`,
 * times `HH:MM`, coordinates in range, and the converters that turn multipart
 * text (everything arrives as a string) into typed values.
 */
import * as v from 'valibot';
import { singleLine } from './text.ts';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;

/** True for a real calendar date written `YYYY-MM-DD` (so 2025-02-30 is false). */
export function isCalendarDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date `YYYY-MM-DD`. */
export const DateSchema = v.pipe(
  v.string('Use a real date written YYYY-MM-DD.'),
  singleLine(),
  v.check(isCalendarDate, 'Use a real date written YYYY-MM-DD.'),
);

/** A time of day `HH:MM` (24-hour). */
export const TimeSchema = v.pipe(
  v.string('Use a time written HH:MM.'),
  singleLine(),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time written HH:MM.'),
);

/** A time as typed or sent: `HH:MM` or `HH:MM:SS`, normalised to `HH:MM`. */
export const TimeInputSchema = v.pipe(
  v.string('Use a time written HH:MM.'),
  v.trim(),
  singleLine(),
  v.regex(timePattern, 'Use a time written HH:MM.'),
  v.transform((value) => value.slice(0, 5)),
);

/** Latitude in degrees, −90 … 90. */
export const LatitudeSchema = v.pipe(v.number(), v.finite(), v.minValue(-90), v.maxValue(90));

/** Longitude in degrees, −180 … 180. */
export const LongitudeSchema = v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180));

/** An email address, trimmed and lowercased so one person has one account. */
export const EmailSchema = v.pipe(
  v.string('Enter an email address.'),
  v.trim(),
  singleLine(),
  v.toLowerCase(),
  v.maxLength(254, 'That email address is too long.'),
  v.email('Enter a valid email address.'),
);

/** Multipart text → boolean: `true`/`false`, `1`/`0`, `on`/`off`, `yes`/`no`. */
export const FormBooleanSchema = v.pipe(
  v.union([v.string(), v.boolean()], 'Use true or false.'),
  v.transform((value) => (typeof value === 'boolean' ? value : value.trim().toLowerCase())),
  v.check(
    (value) => typeof value === 'boolean' || ['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'].includes(value),
    'Use true or false.',
  ),
  v.transform((value) => value === true || value === 'true' || value === '1' || value === 'on' || value === 'yes'),
);

/** Multipart text → number or null (empty means "not set"), bounded to [min, max]. */
export function formNumberOrNull(min: number, max: number, message: string) {
  return v.pipe(
    v.union([v.string(), v.number(), v.null()], message),
    v.transform((value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value)),
    v.check((value) => value === null || (Number.isFinite(value) && value >= min && value <= max), message),
  );
}

/**
 * Coordinates keep seven decimals (~1 cm). Besides being plenty, this keeps
 * denormal values such as 5e-324 out of PostgreSQL's trigonometry, which
 * fails on them with "value out of range: underflow".
 */
export function roundCoordinate<T extends number | null>(value: T): T {
  return (value === null ? null : Math.round(value * 1e7) / 1e7 + 0) as T;
}

/** Multipart text → value or null: an empty string (or null) means "not set". */
export function emptyAsNull<TSchema extends v.GenericSchema>(schema: TSchema, message?: string) {
  return v.union(
    [
      v.pipe(
        v.union([v.literal(''), v.null()]),
        v.transform(() => null),
      ),
      schema,
    ],
    message,
  );
}
