// The installation's usage report (lakeFS's getUsageReportSummary): authenticated API calls counted per calendar
// month (UTC). A call only adds to a counter in memory; the counts are added to the metadata store from time to
// time, before each report and at shutdown, so counting costs no write per call and a crash loses at most one
// interval. Processes sharing one metadata store add to the same counters (compare-and-set), so the report is the
// installation's.
import { randomUUID } from 'node:crypto';
import { scanAll, type KvStore } from '../kv';

export interface MonthUsage {
  year: number;
  month: number;
  count: number;
}

export interface UsageSummary {
  installationId: string;
  /** Oldest month first. */
  reports: MonthUsage[];
}

export interface UsageCounterOptions {
  /** How often counts are added to the store (default one minute). */
  flushIntervalMs?: number;
}

const INSTALLATION_ID = 'usage/installation-id';
const MONTHS = 'usage/requests/';
const DEFAULT_FLUSH_MS = 60_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `2026-11`: keys of months sort by time. */
function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export class UsageCounter {
  private pending = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly kv: KvStore,
    options: UsageCounterOptions = {},
  ) {
    this.timer = setInterval(() => {
      // A failed write keeps its counts for the next one; usage figures are not worth failing anything for.
      this.flush().catch(() => undefined);
    }, options.flushIntervalMs ?? DEFAULT_FLUSH_MS);
    this.timer.unref();
  }

  /** The month of the calls counted last, and its bounds (ms): most calls fall in the same month as the last. */
  private month = { key: '', from: 0, until: 0 };

  /** Counts one call, now. */
  record(): void {
    const now = Date.now();
    if (now < this.month.from || now >= this.month.until) {
      const date = new Date(now);
      const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
      this.month = { key: monthKey(date), from: Date.UTC(year, month, 1), until: Date.UTC(year, month + 1, 1) };
    }
    const { key } = this.month;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Adds the counts so far to the store; one flush at a time, in order. */
  flush(): Promise<void> {
    const run = this.flushing.catch(() => undefined).then(() => this.write());
    this.flushing = run;
    return run;
  }

  async summary(): Promise<UsageSummary> {
    await this.flush();
    const reports: MonthUsage[] = [];
    for await (const entry of scanAll(this.kv, { prefix: MONTHS })) {
      const [year, month] = entry.key.slice(MONTHS.length).split('-').map(Number) as [number, number];
      reports.push({ year, month, count: Number(decoder.decode(entry.value)) });
    }
    return { installationId: await this.installationId(), reports };
  }

  /** Stops the timer and writes what is counted. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    const counts = [...this.pending];
    this.pending = new Map();
    for (const [i, [month, count]] of counts.entries()) {
      try {
        await this.add(month, count);
      } catch (err) {
        // What was not written is counted again, to be written next time.
        for (const [m, n] of counts.slice(i)) this.pending.set(m, (this.pending.get(m) ?? 0) + n);
        throw err;
      }
    }
  }

  private async add(month: string, count: number): Promise<void> {
    const key = MONTHS + month;
    for (;;) {
      const current = await this.kv.get(key);
      const total = (current === undefined ? 0 : Number(decoder.decode(current))) + count;
      if (await this.kv.setIf(key, encoder.encode(String(total)), current ?? 'absent')) return;
    }
  }

  /** Made on first use and kept: a report names the installation it counts. */
  private async installationId(): Promise<string> {
    const stored = await this.kv.get(INSTALLATION_ID);
    if (stored !== undefined) return decoder.decode(stored);
    const id = randomUUID();
    if (await this.kv.setIf(INSTALLATION_ID, encoder.encode(id), 'absent')) return id;
    return this.installationId();
  }
}
