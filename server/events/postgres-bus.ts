// Events among servers sharing one PostgreSQL database: each event is one NOTIFY on the database's channel, its id
// taken from a sequence in the same statement, and every server LISTENs on a connection of its own. PostgreSQL
// delivers notifications in the order their transactions commit, to every session listening at that time.
import pg from 'pg';
import type { BusListener, EventBus } from './bus';
import type { StampedEvent } from './types';

/** Channels are per database: every Tarn server on this database, and only those, hear it. */
const channel = 'tarn_events';
const notify = `SELECT pg_notify('${channel}', json_build_object('id', nextval('tarn_event_ids'), 'event', $1::json)::text)`;
const reconnectMinMs = 500;
const reconnectMaxMs = 15_000;

export interface PostgresBusOptions {
  url: string;
  /** Told when a publication or the listening connection fails; the bus carries on (and listens again). */
  onError?: (err: unknown) => void;
}

function parseStamped(payload: string | undefined): StampedEvent | undefined {
  try {
    const parsed = JSON.parse(payload ?? '') as { id?: unknown; event?: unknown };
    const id = Number(parsed.id);
    return Number.isSafeInteger(id) && typeof parsed.event === 'object' && parsed.event !== null ? { id, event: parsed.event as StampedEvent['event'] } : undefined;
  } catch {
    return undefined;
  }
}

/** Starts listening before it answers, so no event published after the answer is missed. */
export async function openPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const onError = options.onError ?? (() => undefined);
  // Publications are short statements: two connections are plenty, and the store's pool stays the store's.
  const pool = new pg.Pool({ connectionString: options.url, max: 2, keepAlive: true });
  pool.on('error', onError);
  let listener: BusListener | undefined;
  let horizon = 0;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url, keepAlive: true });
    next.on('notification', (message) => {
      const stamped = message.channel === channel ? parseStamped(message.payload) : undefined;
      if (stamped) listener?.event(stamped);
    });
    next.on('error', (err) => {
      onError(err);
      reconnectSoon(next);
    });
    next.on('end', () => reconnectSoon(next));
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    // Read after LISTEN: every id from here on is stamped by a statement that commits while this session listens.
    const { rows } = await next.query<{ last_value: string; is_called: boolean }>('SELECT last_value, is_called FROM tarn_event_ids');
    const row = rows[0];
    horizon = row ? Number(row.last_value) + (row.is_called ? 1 : 0) : 1;
    client = next;
  }

  let delay = reconnectMinMs;
  function reconnectSoon(broken: pg.Client): void {
    if (closed || client !== broken) return;
    client = undefined;
    void broken.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          delay = reconnectMinMs;
          listener?.gap();
        },
        (err: unknown) => {
          onError(err);
          delay = Math.min(delay * 2, reconnectMaxMs);
          // Try again with a fresh client: this one never listened.
          client = broken;
          reconnectSoon(broken);
        },
      );
    }, delay);
    retry.unref();
  }

  try {
    await connect();
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    get horizon() {
      return horizon;
    },
    publish(event) {
      if (closed) return;
      pool.query(notify, [JSON.stringify(event)]).catch(onError);
    },
    listen(l) {
      listener = l;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
