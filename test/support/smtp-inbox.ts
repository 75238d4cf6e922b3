import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ParsedMail, simpleParser } from 'mailparser';

/**
 * A real SMTP server in the test process (the `smtp-server` package, its defaults: STARTTLS
 * offered with a self-signed certificate, no authentication required) that parses what arrives
 * with `mailparser`. `refuse` makes it answer 451 to each message (a temporary refusal);
 * `stop()` closes it (connections refused) and `start()` opens it again on the same port.
 */
export class SmtpInbox {
  readonly received: ParsedMail[] = [];
  refuse = false;
  port = 0;
  /** Messages to these recipients are taken but not answered until `release()` (a slow server). */
  slowFor: (recipient: string) => boolean = () => false;
  private readonly held: (() => void)[] = [];
  private server: SMTPServer | null = null;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      // STARTTLS is offered, with smtp-server's own self-signed certificate (as a local relay does)
      logger: false,
      onData: (stream, session, callback) => {
        if (session.envelope.rcptTo.some((r) => this.slowFor(r.address))) {
          simpleParser(stream)
            .then((mail) => this.held.push(() => (this.received.push(mail), callback())))
            .catch((err: Error) => callback(err));
          return;
        }
        if (this.refuse) {
          stream.on('end', () => {
            const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            callback(err);
          });
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** How many messages wait for `release()`. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Answers every held message (they then count as received). */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The messages whose subject is `subject`. */
  withSubject(subject: string): ParsedMail[] {
    return this.received.filter((m) => m.subject === subject);
  }
}

/** The addresses of a parsed To or Cc header. */
export function addresses(field: ParsedMail['to'] | ParsedMail['cc']): string[] {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
}
