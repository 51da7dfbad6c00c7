/**
 * The promoter's mail about a venue's answers (migration 037): at most one
 * per event per interval, giving the latest answer. While the last one waits
 * unclaimed in mail_queue a new answer rewrites it, or withdraws it when the
 * answer is back to what the promoter was told before; once it is out, the
 * next waits until the interval has passed. Locks the event's row of
 * venue_decision_mail, so two answers at once never both start a mail.
 */
import type { Queryable } from '../client.ts';

export interface DecisionMail {
  status: string;
  to: string;
  subject: string;
  text: string;
}

interface State {
  mail_id: string | null;
  mail_status: string | null;
  prior_status: string | null;
  next_mail_at: Date;
  same_request: boolean;
}

async function lockState(tx: Queryable, eventId: number, now: Date): Promise<State> {
  await tx.query(
    'INSERT INTO venue_decision_mail (event_id, next_mail_at) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING',
    [eventId, now],
  );
  const result = await tx.query<State>(
    `SELECT d.mail_id::text AS mail_id, d.mail_status, d.prior_status, d.next_mail_at,
            (d.venue_id, d.requested_at) IS NOT DISTINCT FROM (e.venue_id, e.venue_requested_at) AS same_request
       FROM venue_decision_mail d JOIN events e ON e.id = d.event_id
      WHERE d.event_id = $1 FOR UPDATE OF d`,
    [eventId],
  );
  return result.rows[0]!;
}

async function saveState(
  tx: Queryable,
  eventId: number,
  state: { mailId: string | null; mailStatus: string | null; priorStatus: string | null; nextMailAt: Date },
): Promise<void> {
  await tx.query(
    `UPDATE venue_decision_mail d
        SET mail_id = $2, mail_status = $3, prior_status = $4, next_mail_at = $5,
            venue_id = e.venue_id, requested_at = e.venue_requested_at
       FROM events e WHERE e.id = d.event_id AND d.event_id = $1`,
    [eventId, state.mailId, state.mailStatus, state.priorStatus, state.nextMailAt],
  );
}

/** Tells the promoter the event's latest answer, within the bound above. */
export async function queueDecisionMail(
  tx: Queryable,
  eventId: number,
  mail: DecisionMail,
  now: Date,
  intervalMs: number,
): Promise<void> {
  const state = await lockState(tx, eventId, now);
  const nextMailAt = new Date(state.next_mail_at);
  const told = state.same_request ? state.mail_status : null;
  const prior = state.same_request ? state.prior_status : null;
  if (state.same_request && state.mail_id) {
    if (mail.status === prior) {
      const withdrawn = await tx.query<{ due: Date }>(
        `DELETE FROM mail_queue WHERE id = $1 AND state = 'pending' AND attempts = 0 RETURNING next_attempt_at AS due`,
        [state.mail_id],
      );
      const slot = withdrawn.rows[0];
      if (slot) {
        // The withdrawn mail's time is free again: flipping must not push the latest answer further away.
        const freed = new Date(slot.due);
        await saveState(tx, eventId, { mailId: null, mailStatus: prior, priorStatus: prior, nextMailAt: freed });
        return;
      }
    } else {
      const rewritten = await tx.query(
        `UPDATE mail_queue SET recipient = $2, subject = $3, body = $4
          WHERE id = $1 AND state = 'pending' AND attempts = 0 RETURNING id`,
        [state.mail_id, mail.to, mail.subject, mail.text],
      );
      if (rewritten.rows.length) {
        await saveState(tx, eventId, {
          mailId: state.mail_id,
          mailStatus: mail.status,
          priorStatus: prior,
          nextMailAt,
        });
        return;
      }
    }
  }
  // No mail waiting: the promoter knows `told` (or has it on the way).
  if (mail.status === told) return;
  const sendAt = new Date(Math.max(now.getTime(), nextMailAt.getTime()));
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO mail_queue (recipient, subject, body, code, next_attempt_at, created_at)
     VALUES ($1, $2, $3, NULL, $4, $5) RETURNING id::text AS id`,
    [mail.to, mail.subject, mail.text, sendAt, now],
  );
  await saveState(tx, eventId, {
    mailId: inserted.rows[0]!.id,
    mailStatus: mail.status,
    priorStatus: told,
    nextMailAt: new Date(sendAt.getTime() + intervalMs),
  });
}
