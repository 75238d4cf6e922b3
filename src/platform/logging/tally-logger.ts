import type { LoggerService } from '@nestjs/common';
import pino, { Level, Logger } from 'pino';

/**
 * The process's one pino logger: JSON lines at `level` to stdout, written asynchronously (a line
 * written while another write is under way joins it: one system call per burst instead of one
 * per line, off the request's path; what is still buffered is flushed when the process exits).
 * `silent` writes nothing.
 */
export function rootLogger(level: string): Logger {
  return level === 'silent' ? pino({ level }) : pino({ level }, pino.destination({ dest: 1, sync: false }));
}

/**
 * Nest's logger on top of pino: the framework's and the modules' `Logger` lines (`new
 * Logger('Context')`) as JSON with their `context`. A message that is an object is merged into
 * the line (`logger.error({ err, path }, 'unhandled error')`); an `Error` becomes `err`.
 */
export class TallyLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /**
   * Nest passes the logger's context last (`new Logger('Errors').error(obj, 'msg')` arrives as
   * `(obj, 'msg', 'Errors')`); for `error`, a string before it is the stack (`error(msg, stack, context)`).
   */
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context === undefined ? {} : { context };
    if (message instanceof Error) {
      fields.err = message;
      this.pino[level](fields, message.message);
    } else if (message !== null && typeof message === 'object') {
      Object.assign(fields, message);
      this.pino[level](fields, typeof rest[0] === 'string' ? rest[0] : undefined);
    } else {
      if (level === 'error' && typeof rest[0] === 'string') fields.stack = rest[0];
      this.pino[level](fields, String(message));
    }
  }
}
