/**
 * Listing insights (contract §10): `GET /api/events/{id}/insights/?days=30`
 * answers one entry per day (oldest first, every day present, zeros
 * included) and the totals; the public page's beacon posts one hit.
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

export const InsightsDaySchema = v.object({ date: v.pipe(v.string(), v.isoDate()), ...InsightCountsSchema.entries });
export type InsightsDay = v.InferOutput<typeof InsightsDaySchema>;

export const InsightsSchema = v.object({
  days: v.array(InsightsDaySchema),
  totals: InsightCountsSchema,
  /** Who hears of this listing now (contract §11): its own followers and its account's, by push or email. */
  followers: v.optional(Count),
});
export type Insights = v.InferOutput<typeof InsightsSchema>;

/**
 * The beacon's body: a page `view` (with `src` when it was reached through
 * the QR poster or a shared link) or a `ticket_click` on "Get tickets".
 */
export const InsightHitSchema = v.object({
  kind: v.picklist(['view', 'ticket_click'], 'kind must be "view" or "ticket_click".'),
  src: v.optional(v.nullable(v.picklist(['qr', 'share'], 'src must be "qr" or "share".'))),
});
export type InsightHit = v.InferOutput<typeof InsightHitSchema>;
