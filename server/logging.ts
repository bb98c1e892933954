// The server's log: pino, one JSON object per line for log collectors, or pino-pretty's readable lines when a person
// watches the terminal. Both write synchronously on this thread: a worker-thread transport would lose the last
// lines of a crash and costs a thread per server process.
import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger } from 'pino';

export const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (logLevels as readonly string[]).includes(value);
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go (default standard output); a test passes an object that collects them. */
  destination?: DestinationStream;
  /** Readable lines instead of JSON (default: when standard output is a terminal and no destination is given). */
  pretty?: boolean;
}

/**
 * Fields that would hold a credential if some future caller passed a request's headers or body to the log: they are
 * blanked rather than trusted never to arrive. The request lines themselves carry none of them.
 */
const redactedPaths = [
  'authorization',
  'cookie',
  'password',
  'secret',
  'secret_access_key',
  'token',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'body',
];

export function createLogger(options: LoggerOptions = {}): Logger {
  const pretty = options.pretty ?? (options.destination === undefined && process.stdout.isTTY === true);
  const destination =
    options.destination ??
    (pretty
      ? PinoPretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true })
      : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      redact: { paths: redactedPaths, censor: '[redacted]' },
    },
    destination,
  );
}
