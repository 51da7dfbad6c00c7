/**
 * Sends one issue report (SPEC §7: POST /auth/report-issue/, JSON {email, message}).
 * This is the form's only network call.
 *
 * Online, the report goes straight to the server with the caller's idempotency
 * key, so the form can show the exact SPEC §8 outcome at once: thanks, the
 * server's detail (or the generic sentence), or the network sentence — and a
 * retry of the same report reuses the key, so a report whose answer was lost is
 * never mailed twice (CONTRACTS §3).
 *
 * Offline (the browser knows it has no network), the request could not even
 * leave the device, so the report goes into the outbox (DESIGN §5): stored in
 * IndexedDB and sent exactly once when the connection is back. The outbox code
 * loads on demand, keeping it off the marketing pages' first visit. Without
 * IndexedDB (some private modes) the report is simply not kept.
 */

export interface IssueReport {
  /** Optional: empty means the reporter did not leave one. */
  email: string;
  message: string;
}

export type SubmitOutcome =
  | { kind: 'sent' }
  /** The server refused; `detail` is its sentence when it gave one. */
  | { kind: 'rejected'; detail: string | null }
  /** No answer at all (connection dropped, server unreachable); `saved` when the outbox kept it. */
  | { kind: 'unreachable'; saved: boolean };

export async function submitIssueReport(report: IssueReport, idempotencyKey: string): Promise<SubmitOutcome> {
  const email = report.email.trim();
  const message = report.message.trim();
  if (!navigator.onLine) return { kind: 'unreachable', saved: await keepInOutbox(idempotencyKey, email, message) };
  let response: Response;
  try {
    response = await fetch('/api/auth/report-issue/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(email ? { email, message } : { message }),
    });
  } catch {
    return { kind: 'unreachable', saved: false };
  }
  if (response.ok) return { kind: 'sent' };
  return { kind: 'rejected', detail: await readDetail(response) };
}

/**
 * Loads the outbox code ahead of need (the form calls this when someone starts
 * typing), so a report can still be kept if the connection drops before Submit
 * on a page the service worker does not control yet.
 */
export function prepareOfflineSubmit(): void {
  void import('../../stores/sync-actions.ts').catch(() => undefined);
}

async function keepInOutbox(key: string, email: string, message: string): Promise<boolean> {
  try {
    const { queueWrite, startSync } = await import('../../stores/sync-actions.ts');
    await queueWrite({ kind: 'issue.report', target: `issue:${key}`, message, ...(email ? { email } : {}) });
    // This tab sends it as soon as it is back online (the worker's Background Sync may too).
    startSync();
    return true;
  } catch {
    return false;
  }
}

async function readDetail(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
    return typeof detail === 'string' && detail.trim() ? detail : null;
  } catch {
    return null;
  }
}
