/**
 * Outgoing mail. With SMTP_URL set, nodemailer sends it. Without, every mail
 * is printed to the server log and, outside production, kept in the dev_mail
 * table for GET /api/dev/mailbox (CONTRACTS §4) — in the database, so any API
 * process can show mail another one sent.
 */
import { brand } from '../../src/brand.ts';
import type { Queryable } from '../db/client.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The verification code a mail carries, shown by the dev mailbox. */
  code?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const from = `${brand.name} <no-reply@${new URL(brand.siteUrl).hostname}>`;

export function consoleMailer(options: {
  db: Queryable;
  keepInMailbox: boolean;
  log?: (line: string) => void;
}): Mailer {
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    async send(message) {
      log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
      if (!options.keepInMailbox) return;
      await options.db.query('INSERT INTO dev_mail (recipient, subject, body, code) VALUES ($1, $2, $3, $4)', [
        message.to,
        message.subject,
        message.text,
        message.code ?? null,
      ]);
    },
  };
}

export async function smtpMailer(url: string): Promise<Mailer> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/** An SMTP mailer that loads nodemailer on the first mail, keeping start-up fast. */
export function lazySmtpMailer(url: string): Mailer {
  let mailer: Promise<Mailer> | null = null;
  return {
    async send(message) {
      mailer ??= smtpMailer(url);
      await (await mailer).send(message);
    },
  };
}
