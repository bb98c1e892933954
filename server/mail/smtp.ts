// A minimal SMTP client (RFC 5321) over node:net and node:tls, enough to mail an invitation: EHLO, optional AUTH
// PLAIN, one sender, one recipient, a plain-text message. `smtp://` speaks in the clear (a relay on the same host or
// network), `smtps://` over TLS from the first byte. Credentials and message bodies are never logged.
import { connect as connectPlain, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

const timeoutMillis = 30_000;

/** `smtp://user:password@host:port?from=address` → settings; the sender defaults to tarn@<host>. */
export function smtpSettings(url: string): SmtpSettings {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 25,
    secure,
    ...(parsed.username ? { user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) } : {}),
    from: parsed.searchParams.get('from') ?? `tarn@${parsed.hostname}`,
  };
}

/** An address or header value may not break out of its line (no CR, LF or angle brackets). */
function safe(value: string, what: string): string {
  if (/[\r\n<>]/.test(value)) throw new Error(`cannot mail: ${what} holds a line break or angle bracket`);
  return value;
}

/** Reads SMTP replies (a multi-line one ends with `code<space>`) one at a time. */
class Replies {
  private buffer = '';
  private waiting: Array<(reply: { code: number; text: string }) => void> = [];
  private lines: string[] = [];
  private failure: Error | undefined;

  constructor(socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\r\n')) >= 0) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        this.lines.push(line);
        if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
          const text = this.lines.join('\n');
          this.lines = [];
          this.waiting.shift()?.({ code: Number(line.slice(0, 3)), text });
        }
      }
    });
  }

  fail(err: Error): void {
    this.failure = err;
  }

  next(): Promise<{ code: number; text: string }> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

/** Sends one message; rejects with the server's reply when it refuses a step. */
export async function sendMail(settings: SmtpSettings, message: MailMessage): Promise<void> {
  const to = safe(message.to, 'the recipient');
  const from = safe(settings.from, 'the sender');
  const subject = safe(message.subject, 'the subject');
  const socket: Socket = settings.secure
    ? connectTls({ host: settings.host, port: settings.port, servername: settings.host })
    : connectPlain({ host: settings.host, port: settings.port });
  const replies = new Replies(socket);
  const broken = new Promise<never>((_, reject) => {
    const fail = (err: Error) => {
      replies.fail(err);
      reject(err);
    };
    socket.once('error', fail);
    socket.setTimeout(timeoutMillis, () => fail(new Error(`mail server ${settings.host} did not answer in time`)));
    socket.once('close', () => fail(new Error(`mail server ${settings.host} closed the connection`)));
  });
  // The catch keeps a rejection nobody awaits (after success) from being reported as unhandled.
  broken.catch(() => undefined);

  const expect = async (codes: number[], step: string) => {
    const reply = await Promise.race([replies.next(), broken]);
    if (!codes.includes(reply.code)) throw new Error(`mail server refused ${step}: ${reply.text}`);
  };
  const say = async (line: string, codes: number[], step: string) => {
    socket.write(`${line}\r\n`);
    await expect(codes, step);
  };

  try {
    await expect([220], 'the connection');
    await say('EHLO tarn', [250], 'EHLO');
    if (settings.user !== undefined) {
      const token = Buffer.from(`\0${settings.user}\0${settings.password ?? ''}`).toString('base64');
      await say(`AUTH PLAIN ${token}`, [235], 'the login');
    }
    await say(`MAIL FROM:<${from}>`, [250], 'the sender');
    await say(`RCPT TO:<${to}>`, [250, 251], 'the recipient');
    await say('DATA', [354], 'DATA');
    const body = message.text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    const headers = [
      `From: ${from}`,
      `To: ${to}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
    ];
    await say(`${headers.join('\r\n')}\r\n\r\n${body}\r\n.`, [250], 'the message');
    socket.write('QUIT\r\n');
  } finally {
    socket.end();
  }
}
