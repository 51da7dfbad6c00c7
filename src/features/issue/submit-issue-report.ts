/**
 * Sends one issue report (product §7: POST /auth/report-issue/, JSON {email, message}).
 *
 * Every report goes through the outbox (architecture §5): it is stored in IndexedDB
 * first, then sent, so a request the connection drops, a reload or a closed
 * tab never loses it, and the outbox sends it by itself once requests get
 * through again. The form's idempotency key is the entry's key, so the report
 * is mailed exactly once however often it is retried (contract §3).
 *
 * The form shows the first attempt's outcome (product §8): thanks on a 2xx; the
 * server's detail (or the generic sentence) when it refused the report, which
 * is then dropped from the outbox — the text is still in the form to fix; and
 * when no answer came, the network sentence plus "kept, sent automatically".
 *
 * The outbox code loads on demand, keeping it off the marketing pages' first
 * visit. Only where it cannot load or store (no IndexedDB in some private
 * modes) is the report sent directly, and then it is not kept.
 */
import type { ReportIssueBody } from '../../shared/api/operations/report-issue.ts';
import type * as SyncModule from '../../stores/sync-actions.ts';

type SyncActions = typeof SyncModule;

export interface IssueReport {
  /** Optional: empty means the reporter did not leave one. */
  email: string;
  message: string;
}

export type SubmitOutcome =
  | { kind: 'sent' }
  /** The server refused; `detail` is its sentence when it gave one. The report is not kept. */
  | { kind: 'rejected'; detail: string | null }
  /**
   * Not delivered yet. `saved`: the outbox keeps it and sends it automatically.
   * `detail`: the server answered with a passing failure (5xx, 429) — its sentence, or null;
   * absent when no answer came at all.
   */
  | { kind: 'unreachable'; saved: boolean; answered?: { detail: string | null } };

function loadOutbox(): Promise<SyncActions> {
  return import('../../stores/sync-actions.ts');
}

export async function submitIssueReport(report: IssueReport, idempotencyKey: string): Promise<SubmitOutcome> {
  const email = report.email.trim();
  const body: ReportIssueBody = { message: report.message.trim(), ...(email ? { email } : {}) };
  let outbox: SyncActions;
  let queued: Awaited<ReturnType<SyncActions['queueWrite']>>;
  try {
    outbox = await loadOutbox();
    queued = await outbox.queueWrite({ kind: 'issue.report', target: `issue:${idempotencyKey}`, ...body });
  } catch {
    return sendDirectly(body, idempotencyKey);
  }
  const first = await queued.firstAttempt;
  switch (first.kind) {
    case 'sent':
      return { kind: 'sent' };
    case 'rejected':
      // Refused, so never applied: the form still holds the text to fix; an outbox row would only confuse.
      await outbox.discardEntry(queued.entryId).catch(() => undefined);
      return { kind: 'rejected', detail: first.detail };
    case 'deferred':
      return first.status === undefined
        ? { kind: 'unreachable', saved: true }
        : { kind: 'unreachable', saved: true, answered: { detail: first.detail ?? null } };
  }
}

/**
 * Loads the outbox code ahead of need (the form calls this when someone starts
 * typing), so a report can still be kept if the connection drops before Submit
 * on a page the service worker does not control yet.
 */
export function prepareOfflineSubmit(): void {
  void loadOutbox().catch(() => undefined);
}

/** Without the outbox: one plain request with the same wire format, nothing kept. */
async function sendDirectly(body: ReportIssueBody, idempotencyKey: string): Promise<SubmitOutcome> {
  let response: Response;
  try {
    const { reportIssueRequest } = await import('../../shared/api/operations/report-issue.ts');
    const request = reportIssueRequest(body, { idempotencyKey });
    response = await fetch(`/api${request.path}`, {
      method: request.method,
      headers: { 'Content-Type': 'application/json', ...request.options.headers },
      body: JSON.stringify(request.options.json),
    });
  } catch {
    return { kind: 'unreachable', saved: false };
  }
  if (response.ok) return { kind: 'sent' };
  return { kind: 'rejected', detail: await readDetail(response) };
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
