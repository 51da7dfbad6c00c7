/**
 * The report-an-issue request (product §5, §7): a message of at least 10 trimmed
 * characters and an optional reply address.
 */
import * as v from 'valibot';
import { EmailSchema } from './formats.ts';
import { multiLine } from './text.ts';

/** Shortest accepted message, after trimming (product §9). */
export const MIN_ISSUE_MESSAGE_LENGTH = 10;
/** Longest accepted message. */
export const MAX_ISSUE_MESSAGE_LENGTH = 5000;
/** product §5, word for word. */
export const ISSUE_MESSAGE_TOO_SHORT = 'Please describe the issue with at least 10 characters.';

/** True when the message is long enough to submit (the Submit button's rule). */
export function isIssueMessageLongEnough(message: string): boolean {
  return message.trim().length >= MIN_ISSUE_MESSAGE_LENGTH;
}

/** `POST /api/auth/report-issue/` JSON body. An empty email means none. */
export const ReportIssueRequestSchema = v.object({
  email: v.optional(
    v.union([
      v.pipe(
        v.union([v.literal(''), v.null()]),
        v.transform(() => null),
      ),
      EmailSchema,
    ]),
    null,
  ),
  message: v.pipe(
    v.string(ISSUE_MESSAGE_TOO_SHORT),
    v.trim(),
    multiLine(),
    v.minLength(MIN_ISSUE_MESSAGE_LENGTH, ISSUE_MESSAGE_TOO_SHORT),
    v.maxLength(MAX_ISSUE_MESSAGE_LENGTH, `Keep the message under ${MAX_ISSUE_MESSAGE_LENGTH} characters.`),
  ),
});
/** A report as sent. */
export type ReportIssueInput = v.InferInput<typeof ReportIssueRequestSchema>;
/** A validated report. */
export type ReportIssueRequest = v.InferOutput<typeof ReportIssueRequestSchema>;

/** `POST /api/auth/report-issue/` → 201 with this body. */
export const ReportIssueResponseSchema = v.object({ id: v.number(), detail: v.string() });
/** The report-issue response. */
export type ReportIssueResponse = v.InferOutput<typeof ReportIssueResponseSchema>;
