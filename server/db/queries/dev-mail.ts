/** SQL for dev_mail: mail kept for the dev mailbox when no SMTP server is set (services/mail.ts, routes/dev.ts). */
import type { Queryable } from '../client.ts';

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  code: string | null;
}

export async function insertDevMail(db: Queryable, mail: DevMail): Promise<void> {
  await db.query('INSERT INTO dev_mail (recipient, subject, body, code) VALUES ($1, $2, $3, $4)', [
    mail.to,
    mail.subject,
    mail.text,
    mail.code,
  ]);
}

/** The mail sent to `email` (any case), oldest first. */
export async function devMailTo(db: Queryable, email: string): Promise<DevMail[]> {
  const result = await db.query<DevMail>(
    `SELECT recipient AS "to", subject, body AS "text", code FROM dev_mail
      WHERE lower(recipient) = lower($1) ORDER BY id`,
    [email],
  );
  return result.rows;
}

export async function deleteDevMailCreatedBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM dev_mail WHERE created_at < $1', [before]);
}
