// The server's responses, finished together at the end of each turn of the event loop. Written one by one as each
// is ready, every answer is a send of its own that wakes the client's end of its connection: under load, on loopback
// and most on a virtual machine, those wake-ups cost more CPU than the answers (the HTTP load bench halved a stat's
// CPU by deferring). Deferred, the answers of one turn leave back to back, and a client that is already awake takes
// them without a wake-up each. A response is held for one turn at most, so a lone request waits microseconds.
//
// Only `end` is deferred: Node's `end` uncorks its socket fully, so no cork outside it could hold its bytes. Writes
// of a streamed body go out as they come. Anything that acts on a response after its deferred `end` (another end, a
// write, destroying it) first finishes that end, in the order the caller made the calls.
import { ServerResponse, type IncomingMessage } from 'node:http';

// Node's overloads of `end` and `write`, forwarded with the arguments as given.
const endResponse = ServerResponse.prototype.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
const writeResponse = ServerResponse.prototype.write as (this: ServerResponse, ...args: unknown[]) => boolean;

const waiting: BatchedResponse[] = [];

function endAllWaiting(): void {
  // An end may make more answers ready (a pipelined request): those wait for the next turn.
  for (const response of waiting.splice(0)) response.endNow();
}

export class BatchedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  private deferredEnd: unknown[] | undefined;

  override end(...args: unknown[]): this {
    if (this.deferredEnd !== undefined) {
      this.endNow();
      endResponse.apply(this, args);
      return this;
    }
    if (this.destroyed || this.writableEnded) {
      endResponse.apply(this, args);
      return this;
    }
    this.deferredEnd = args;
    if (waiting.length === 0) setImmediate(endAllWaiting);
    waiting.push(this as BatchedResponse);
    return this;
  }

  /** Finishes the deferred end now, if there is one. */
  endNow(): void {
    const args = this.deferredEnd;
    if (args === undefined) return;
    this.deferredEnd = undefined;
    endResponse.apply(this, args);
  }

  override write(...args: unknown[]): boolean {
    this.endNow();
    return writeResponse.apply(this, args);
  }

  override destroy(error?: Error): this {
    this.endNow();
    return super.destroy(error);
  }
}
