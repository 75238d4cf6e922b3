import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  json: any;
}

/**
 * A webhook receiver on 127.0.0.1 (node:http): records every request and answers each with the
 * next status of `statuses` (then `fallback`, 200 unless set). `url(path)` is an endpoint URL.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  statuses: number[] = [];
  fallback = 200;
  /** Extra headers of the answers (e.g. a Location for a redirect). */
  answerHeaders: Record<string, string> = {};
  /** Paths starting with this get no answer until `release()` (a slow receiver); null = none. */
  holdPrefix: string | null = null;
  private readonly held: (() => void)[] = [];
  private server: http.Server;

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    return r;
  }

  private constructor() {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (d: string) => (body += d));
      req.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
        let json: unknown = null;
        try {
          json = JSON.parse(body);
        } catch {
          /* not JSON */
        }
        this.received.push({ path: req.url ?? '/', headers, body, json });
        const status = this.statuses.length > 0 ? this.statuses.shift()! : this.fallback;
        const answer = () => {
          res.writeHead(status, this.answerHeaders);
          res.end('ok');
        };
        if (this.holdPrefix !== null && (req.url ?? '/').startsWith(this.holdPrefix)) this.held.push(answer);
        else answer();
      });
    });
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Requests held (received, not answered yet). */
  get heldCount(): number {
    return this.held.length;
  }

  /** Answers every held request and holds no more. */
  release(): void {
    this.holdPrefix = null;
    for (const answer of this.held.splice(0)) answer();
  }

  /** What reached one path. */
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    this.release();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls `check` until it returns true (every 20 ms, up to `ms`); fails with `what` otherwise. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for: ${what}`);
}
