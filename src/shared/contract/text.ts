/**
 * The one rule every text field shares: no control characters. A NUL byte
 * cannot be stored in PostgreSQL at all, and the other C0/C1 controls, DEL
 * and unpaired UTF-16 surrogates are never typed by a person; they only come
 * from broken clients or attacks. Multi-line fields (a bio, a message) may
 * hold line breaks and tabs; `\r` is allowed there because browsers send
 * textarea line breaks as CRLF in form posts.
 */
import * as v from 'valibot';

/** The sentence every form shows for such text. */
export const CONTROL_CHARACTERS_MESSAGE =
  'This text contains hidden control characters that cannot be saved. Please remove them and try again.';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const singleLineControls = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const multiLineControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `value` is free of control characters (line breaks and tabs allowed when `multiLine`). */
export function isCleanText(value: string, multiLine = false): boolean {
  return !(multiLine ? multiLineControls : singleLineControls).test(value) && !loneSurrogate.test(value);
}

/** Pipe action for one-line text (names, titles, search input, tokens). */
export const singleLine = () => v.check<string, string>((value) => isCleanText(value), CONTROL_CHARACTERS_MESSAGE);

/** Pipe action for text that may span lines (bio, message): `\n`, `\r` and `\t` allowed. */
export const multiLine = () => v.check<string, string>((value) => isCleanText(value, true), CONTROL_CHARACTERS_MESSAGE);
