// PostgreSQL's change version for the record cache (record-cache.ts): how many transactions of other connections
// have ended since the store opened, as told by successive snapshots (`pg_current_snapshot()`: xmin:xmax:in-progress
// ids). A transaction that wrote gets an id; between two snapshots, the ids that ended are those in progress in the
// first and not in the second, and those from the first's xmax up to the second's that are not in progress. Ids of
// this store's own writes are noted as their statements answer and not counted, as SQLite's data_version leaves a
// connection's own commits out: the cache drops what its own writes touch by itself. An id that ended before it was
// noted counts, which only costs the cache a clearing.

interface Snapshot {
  xmax: bigint;
  inProgress: Set<bigint>;
}

/** More ids than this between two looks are taken as others' without being checked one by one. */
const MAX_CHECKED_GAP = 10_000n;

function parseSnapshot(text: string): Snapshot {
  const [, xmax, list] = text.split(':');
  return { xmax: BigInt(xmax ?? '0'), inProgress: new Set(list ? list.split(',').map((id) => BigInt(id)) : []) };
}

/** Whether `a` was taken before `b`: ids only grow, and those in progress only end. */
function isOlder(a: Snapshot, b: Snapshot): boolean {
  if (a.xmax !== b.xmax) return a.xmax < b.xmax;
  for (const id of a.inProgress) if (!b.inProgress.has(id)) return true;
  return false;
}

export class ForeignCommits {
  private readonly own = new Set<bigint>();
  private last: Snapshot | undefined;
  private count = 0;

  /** A transaction id this store's own statement wrote under (pg_current_xact_id()), or nothing when none. */
  noteOwn(xid: string | null | undefined): void {
    if (xid) this.own.add(BigInt(xid));
  }

  /**
   * The count after a look at `snapshot`. Looks run side by side (one stuck on a sick database must not hold up the
   * next), so a snapshot may come after a newer one: it then counts as a change, which only costs the cache a
   * clearing, and the newer one stays the one to compare with.
   */
  observe(snapshot: string): number {
    const next = parseSnapshot(snapshot);
    const previous = this.last;
    if (previous !== undefined && isOlder(next, previous)) return ++this.count;
    this.last = next;
    if (previous !== undefined && this.othersEnded(previous, next)) this.count++;
    for (const id of this.own) if (id < next.xmax && !next.inProgress.has(id)) this.own.delete(id);
    return this.count;
  }

  private othersEnded(previous: Snapshot, next: Snapshot): boolean {
    const ended = (id: bigint) => !next.inProgress.has(id) && !this.own.has(id);
    for (const id of previous.inProgress) if (ended(id)) return true;
    if (next.xmax < previous.xmax || next.xmax - previous.xmax > MAX_CHECKED_GAP) return true;
    for (let id = previous.xmax; id < next.xmax; id++) if (ended(id)) return true;
    return false;
  }
}
