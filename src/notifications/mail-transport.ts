import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import type { TallyConfig } from '../platform/config/config';

/**
 * True when the SMTP server is on this machine (localhost, 127.0.0.0/8, ::1). Its certificate is
 * then not checked: the connection never leaves the machine, so the check protects nothing, and
 * local relays and development servers (smtp-server, Mailpit) offer STARTTLS with a self-signed
 * certificate. Any other host is checked as TLS always is.
 */
export function isLoopback(smtpUrl: string): boolean {
  const host = new URL(smtpUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** One message as the transport sends it. */
export interface OutgoingMail {
  /** The notification's id: the file name of a saved message, and the left part of its Message-ID. */
  id: string;
  to: string[];
  cc: string[];
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** What became of a message: accepted by the SMTP server, written as an .eml file, or nowhere to go. */
export type MailOutcome = 'SENT' | 'SAVED' | 'NO_TRANSPORT';

/** Seconds the SMTP exchange may take, each step; all well inside the outbox lease. */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/**
 * The mail transport, through nodemailer: SMTP when `SMTP_URL` is set (nodemailer reads the URL:
 * `smtp://` with STARTTLS when the server offers it, `smtps://` for TLS from the first byte,
 * user and password in the URL, its query options such as `?tls.rejectUnauthorized=false`);
 * otherwise nodemailer's stream transport builds the same RFC 5322 message, written as
 * `<id>.eml` in `TALLY_MAIL_DIR`; with neither, nothing is sent.
 */
export class MailTransport {
  private readonly smtp: Transporter | null;
  private readonly files: Transporter | null;
  private readonly domain: string;

  constructor(private readonly config: Pick<TallyConfig, 'smtpUrl' | 'mailFrom' | 'mailDir'>) {
    this.smtp = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          greetingTimeout: GREETING_TIMEOUT_MS,
          socketTimeout: SOCKET_TIMEOUT_MS,
          ...(isLoopback(config.smtpUrl) ? { tls: { rejectUnauthorized: false } } : {}),
        } as Parameters<typeof nodemailer.createTransport>[0])
      : null;
    this.files =
      !this.smtp && config.mailDir ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }) : null;
    this.domain = /@([^\s>]+)/.exec(config.mailFrom)?.[1] ?? 'tally.invalid';
  }

  /** Where messages go, for logs and errors. */
  describe(): string {
    if (this.smtp) return 'SMTP';
    if (this.files) return `files in ${this.config.mailDir}`;
    return 'nowhere (no SMTP_URL, no TALLY_MAIL_DIR)';
  }

  /**
   * Sends (or saves) one message; throws when the SMTP server refuses it or cannot be reached
   * (the outbox retries). The Message-ID is the notification's, the same on every attempt, so a
   * message sent twice (a worker that died between the server's answer and its record) is one
   * message to the mail clients that de-duplicate by it.
   */
  async send(mail: OutgoingMail): Promise<MailOutcome> {
    const message = {
      from: this.config.mailFrom,
      to: mail.to,
      cc: mail.cc.length ? mail.cc : undefined,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      messageId: `<${mail.id}@${this.domain}>`,
    };
    if (this.smtp) {
      await this.smtp.sendMail(message);
      return 'SENT';
    }
    if (this.files && this.config.mailDir) {
      const info = (await this.files.sendMail(message)) as { message: Buffer };
      await fs.mkdir(this.config.mailDir, { recursive: true, mode: 0o700 });
      const file = path.join(this.config.mailDir, `${mail.id}.eml`);
      // written whole under a temporary name, then renamed: a reader never sees half a message
      await fs.writeFile(`${file}.tmp`, info.message, { mode: 0o600 });
      await fs.rename(`${file}.tmp`, file);
      return 'SAVED';
    }
    return 'NO_TRANSPORT';
  }

  close(): void {
    this.smtp?.close();
  }
}
