/**
 * How mail leaves (the transport the mail queue's worker uses, see
 * services/mail-queue.ts). With SMTP_URL set, nodemailer sends it. Without,
 * every mail is printed to the server log; outside production the dev mailbox
 * (GET /api/dev/mailbox, contract §4) lists the queue itself — in the
 * database, so any API process shows mail another one queued.
 *
 * Production must not pretend: without SMTP_URL it refuses to start unless
 * MAIL=log says on purpose that mail only goes to the log.
 */
import { brand } from '../../src/brand.ts';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The verification code a mail carries, shown by the dev mailbox. */
  code?: string;
  /** Headers of its own (List-Unsubscribe on followers' mail), shown by the dev mailbox too. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Thrown at start in production when no mail transport is configured. */
export class MailTransportMissingError extends Error {
  constructor() {
    super(
      'NODE_ENV=production needs a mail transport: set SMTP_URL (smtp://user:pass@host:587), ' +
        'or set MAIL=log to print mail to the log on purpose (codes then never reach anyone).',
    );
    this.name = 'MailTransportMissingError';
  }
}

/** `MAIL_FROM` as a From header: a bare address gets the product name in front. */
export function senderFrom(mailFrom: string): string {
  return mailFrom.includes('<') ? mailFrom : `${brand.name} <${mailFrom}>`;
}

export function consoleMailer(options: { log?: (line: string) => void } = {}): Mailer {
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    send(message) {
      log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
      return Promise.resolve();
    },
  };
}

/**
 * SMTP timeouts, well inside the mail queue's lease (MAIL_LEASE_MS): a send
 * still running when the lease ends could be made twice. nodemailer's own
 * defaults wait up to 10 minutes on a silent socket.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export async function smtpMailer(url: string, from = `no-reply@${new URL(brand.siteUrl).hostname}`): Promise<Mailer> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({ url, ...SMTP_TIMEOUTS });
  const sender = senderFrom(from);
  return {
    async send(message) {
      await transport.sendMail({
        from: sender,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}

/** An SMTP mailer that loads nodemailer on the first mail, keeping start-up fast. */
export function lazySmtpMailer(url: string, from?: string): Mailer {
  let mailer: Promise<Mailer> | null = null;
  return {
    async send(message) {
      mailer ??= smtpMailer(url, from);
      await (await mailer).send(message);
    },
  };
}

/** Throws MailTransportMissingError when production has no way to send mail. */
export function assertMailTransport(config: Pick<Config, 'smtpUrl' | 'production' | 'mailLogOnly'>): void {
  if (config.production && !config.smtpUrl && !config.mailLogOnly) throw new MailTransportMissingError();
}

/**
 * The mailer the configuration asks for. Throws MailTransportMissingError in
 * production without SMTP_URL or MAIL=log; warns loudly when production mail
 * only goes to the log.
 */
export function mailerFor(
  config: Pick<Config, 'smtpUrl' | 'production' | 'mailLogOnly' | 'mailFrom'>,
  options: { log?: (line: string) => void; warn?: (line: string) => void } = {},
): Mailer {
  if (config.smtpUrl) return lazySmtpMailer(config.smtpUrl, config.mailFrom);
  assertMailTransport(config);
  if (config.production) {
    (options.warn ?? ((line: string) => console.warn(line)))(
      'WARNING: MAIL=log in production — no mail is sent. Verification and reset codes, and issue reports, ' +
        'are only printed to this log; people will not receive them. Set SMTP_URL to send mail.',
    );
  }
  return consoleMailer(options.log ? { log: options.log } : {});
}
