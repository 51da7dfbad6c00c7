import { apiPath, apiRoutes } from '../contract/api-routes.ts';
import { INSIGHTS_DEFAULT_DAYS, InsightsSchema, type Insights } from '../contract/insights.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /events/{id}/insights/?days=30` → one listing's daily counts and totals (contract §10). */
export async function getInsights(
  client: ApiClient,
  eventId: number,
  days = INSIGHTS_DEFAULT_DAYS,
  signal?: AbortSignal,
): Promise<Insights> {
  const { data } = await client.request('GET', apiPath(apiRoutes.insights, { id: eventId }), {
    query: { days: String(days) },
    ...(signal ? { signal } : {}),
  });
  return parseResponse(InsightsSchema, data, 'insights');
}
