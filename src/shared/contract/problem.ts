import * as v from 'valibot';

/** Every API error body (contract §3): a human sentence, and per-field messages for 400s. */
export const ProblemSchema = v.object({
  detail: v.string(),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
});
/** An API error body `{detail, errors?}`. */
export type Problem = v.InferOutput<typeof ProblemSchema>;

/** Reads `detail` from an unknown error body, or null (product §8: "server detail, or …"). */
export function problemDetail(body: unknown): string | null {
  const parsed = v.safeParse(ProblemSchema, body);
  return parsed.success && parsed.output.detail.trim() ? parsed.output.detail : null;
}
