// Calls one webhook: POST the event as JSON to the hook's URL with its query parameters. A 2xx answer is success;
// any other status, a network error or the timeout is a failure. The hook's log grows as the call goes: the request
// first, the response (status, duration, body) when it arrives, so a running hook shows what it is waiting for.
import type { WebhookHook } from './action-file';
import type { EventPayload } from './events';
import { redactUrl } from './redact';

/** How much of a response body the log keeps. */
export const maxLoggedBodyBytes = 64 * 1024;

export type HookOutcome = { passed: true } | { passed: false; reason: string };

export interface WebhookCall {
  hook: WebhookHook;
  payload: EventPayload;
  /** Aborts the call when the server shuts down. */
  shutdown: AbortSignal;
  /** Receives the whole log each time it grows. */
  writeLog(text: string): Promise<void>;
  now?: () => number;
}

/** The hook's address with its query parameters added. */
function addressOf(hook: WebhookHook): URL {
  const url = new URL(hook.url);
  for (const [name, value] of hook.queryParams) url.searchParams.append(name, value);
  return url;
}

/**
 * The address and headers of the call. Credentials in the address (`user:password@`) go into an Authorization
 * header, as Go's HTTP client sends them: fetch refuses them in the URL.
 */
export function webhookRequest(hook: WebhookHook): { url: string; headers: Record<string, string> } {
  const url = addressOf(hook);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return { url: url.href, headers };
}

const seconds = (millis: number) => `${Number((millis / 1000).toFixed(3))}s`;

export async function callWebhook({ hook, payload, shutdown, writeLog, now = Date.now }: WebhookCall): Promise<HookOutcome> {
  const { url, headers } = webhookRequest(hook);
  const shownUrl = redactUrl(addressOf(hook).href);
  const body = JSON.stringify(payload, null, 2);
  let log = `Request: POST ${shownUrl}\nTimeout: ${seconds(hook.timeoutMillis)}\nContent-Type: application/json\n\n${body}\n`;
  await writeLog(log);
  const timeout = AbortSignal.timeout(hook.timeoutMillis);
  const started = now();
  const finish = async (lines: string, outcome: HookOutcome): Promise<HookOutcome> => {
    log += `\n${lines}`;
    await writeLog(log);
    return outcome;
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.any([timeout, shutdown]),
    });
    const answer = await readLimited(response);
    const status = `${response.status} ${response.statusText}`.trim();
    const lines = `Response: ${status} after ${now() - started} ms\n\n${answer}\n`;
    return finish(lines, response.ok ? { passed: true } : { passed: false, reason: `webhook answered ${status}` });
  } catch (err) {
    const reason = timeout.aborted
      ? `webhook timed out after ${seconds(hook.timeoutMillis)}`
      : shutdown.aborted
        ? 'webhook call cancelled: the server is shutting down'
        : `webhook request failed: ${failureText(err).replaceAll(url, shownUrl)}`;
    return finish(`Failed after ${now() - started} ms: ${reason}\n`, { passed: false, reason });
  }
}

/** The response body as text, cut after maxLoggedBodyBytes. */
async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size > maxLoggedBodyBytes) {
      truncated = true;
      await reader.cancel();
      break;
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxLoggedBodyBytes));
  return truncated ? `${text}\n… (response body truncated after ${maxLoggedBodyBytes} bytes)` : text;
}

/** fetch reports network failures as "fetch failed" with the reason in its cause. */
function failureText(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) return cause.message;
  return err instanceof Error ? err.message : String(err);
}
