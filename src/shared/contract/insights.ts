/**
 * Listing insights (contract §10): `GET /api/events/{id}/insights/?days=30`
 * answers one entry per day (oldest first, every day present, zeros
 * included), the totals and the views per source; the public page's beacon
 * posts one hit.
 */
import * as v from 'valibot';

export const INSIGHTS_DEFAULT_DAYS = 30;
/** The most days one answer covers; rows are kept a little longer (server housekeeping). */
export const INSIGHTS_MAX_DAYS = 400;

const daysMessage = `days must be a whole number from 1 to ${INSIGHTS_MAX_DAYS}.`;

/** The query of the owner's read: `days`, a whole number from 1 to INSIGHTS_MAX_DAYS (30 when absent). */
export const InsightsQuerySchema = v.object({
  days: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, daysMessage),
      v.transform(Number),
      v.minValue(1, daysMessage),
      v.maxValue(INSIGHTS_MAX_DAYS, daysMessage),
    ),
    String(INSIGHTS_DEFAULT_DAYS),
  ),
});

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const InsightCountsSchema = v.object({
  views: Count,
  qr_scans: Count,
  shares: Count,
  calendar_adds: Count,
  ticket_clicks: Count,
});
export type InsightCounts = v.InferOutput<typeof InsightCountsSchema>;

/** Distinct visitors (of a day, or summed over the days in totals); answers cached before it have none. */
const Visitors = v.optional(Count, 0);

export const InsightsDaySchema = v.object({
  date: v.pipe(v.string(), v.isoDate()),
  ...InsightCountsSchema.entries,
  visitors: Visitors,
});
export type InsightsDay = v.InferOutput<typeof InsightsDaySchema>;

/**
 * Views over the chosen days by where they came from: a tagged link's label,
 * `qr`, `share`, a referring site's host name, or `other` (referring sites
 * past the day's bound). Most views first.
 */
export const InsightSourceSchema = v.object({ source: v.string(), views: Count });
export type InsightSource = v.InferOutput<typeof InsightSourceSchema>;

export const InsightsSchema = v.object({
  days: v.array(InsightsDaySchema),
  totals: v.object({ ...InsightCountsSchema.entries, visitors: Visitors }),
  sources: v.optional(v.array(InsightSourceSchema), []),
  /** Who hears of this listing now (contract §11): its own followers and its account's, by push or email. */
  followers: v.optional(Count),
});
export type Insights = v.InferOutput<typeof InsightsSchema>;

const srcMessage = 'src must be "qr", "share" or a tagged link\'s code.';

/**
 * The beacon's body: a page `view` (with `src` when it was reached through
 * the QR poster, a shared link or a tagged link, and `ref` when another site
 * linked to it: that site's host name) or a `ticket_click` on "Get tickets".
 */
export const InsightHitSchema = v.object({
  kind: v.picklist(['view', 'ticket_click'], 'kind must be "view" or "ticket_click".'),
  src: v.optional(v.nullable(v.pipe(v.string(srcMessage), v.regex(/^(?:qr|share|[a-z2-7]{8})$/, srcMessage)))),
  ref: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(253)))),
});
export type InsightHit = v.InferOutput<typeof InsightHitSchema>;
