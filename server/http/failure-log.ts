// How a failed request reads in the server's log: one line each. Only a server fault (5xx) adds its stack, since
// that is a bug to find; a client error's stack would point at our own validation and bury the real faults.
import type { RequestFailure } from './app';

/** Control characters would let a crafted path or message forge log lines. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x1f\x7f]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function formatFailure(failure: RequestFailure): string {
  const line = `${failure.method} ${oneLine(failure.path)} -> ${failure.status} ${oneLine(failure.message)}`;
  if (failure.fault === undefined) return line;
  const detail = failure.fault instanceof Error ? (failure.fault.stack ?? failure.fault.message) : String(failure.fault);
  return `${line}\n${detail}`;
}
