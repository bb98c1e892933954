// The lanes (columns) of the commit graph, laid out as `git log --graph` does, one page of commits at a time. The
// commits arrive children before parents. Each lane waits for one commit: a commit takes the leftmost lane waiting
// for it (reserved by a child) or, when none is (a branch or tag head), the first free lane; its first parent
// continues that lane, every other parent goes to the lane already waiting for it or opens one; the other lanes that
// waited for the commit end at it. Lanes never move sideways, so each row is drawn from its own record alone.

export interface GraphCommit {
  id: string;
  parents: readonly string[];
}

/** One commit's row: where its node is and which lane segments cross the row. */
export interface GraphRow<C extends GraphCommit = GraphCommit> {
  commit: C;
  /** The node's lane. */
  lane: number;
  /** Lanes that run straight through the row, waiting for later commits. */
  through: readonly number[];
  /** Lanes from the row above that end at the node (its children's edges). */
  incoming: readonly number[];
  /** Lanes the node's parents continue in below it, first parent first (the others are merge edges). */
  outgoing: readonly number[];
  /** Lanes in use in this row (the rightmost one used, plus one). */
  width: number;
}

export interface GraphLayout<C extends GraphCommit = GraphCommit> {
  rows: readonly GraphRow<C>[];
  /** What each lane waits for below the last row (null: free). */
  lanes: readonly (string | null)[];
  /** The widest row so far. */
  width: number;
}

export const emptyGraphLayout: GraphLayout<never> = { rows: [], lanes: [], width: 0 };

function firstFree(lanes: (string | null)[]): number {
  const free = lanes.indexOf(null);
  return free === -1 ? lanes.length : free;
}

/** The layout with `commits` (the next ones in graph order) laid out below its rows. */
export function extendGraphLayout<C extends GraphCommit>(layout: GraphLayout<C>, commits: readonly C[]): GraphLayout<C> {
  const lanes = [...layout.lanes];
  const rows: GraphRow<C>[] = [];
  let width = layout.width;
  for (const commit of commits) {
    const incoming: number[] = [];
    const through: number[] = [];
    lanes.forEach((waiting, i) => {
      if (waiting === commit.id) incoming.push(i);
      else if (waiting !== null) through.push(i);
    });
    const before = lanes.length;
    for (const i of incoming) lanes[i] = null;
    const lane = incoming[0] ?? firstFree(lanes);
    const outgoing: number[] = [];
    commit.parents.forEach((parent, n) => {
      const waiting = n === 0 ? -1 : lanes.indexOf(parent);
      const target = n === 0 ? lane : waiting === -1 ? firstFree(lanes) : waiting;
      lanes[target] = parent;
      outgoing.push(target);
    });
    if (lane === lanes.length) lanes.push(null);
    const rowWidth = Math.max(before, lanes.length);
    while (lanes.length > 0 && lanes[lanes.length - 1] === null) lanes.pop();
    width = Math.max(width, rowWidth);
    rows.push({ commit, lane, through, incoming, outgoing, width: rowWidth });
  }
  return { rows: layout.rows.length === 0 ? rows : [...layout.rows, ...rows], lanes, width };
}

/**
 * A layout kept across calls for a list that only grows page by page or starts over (the paged list's rows): when
 * the list extends the one laid out last, only the new commits are laid out.
 */
export function incrementalGraphLayout<C extends GraphCommit>(): (commits: readonly C[]) => GraphLayout<C> {
  let layout: GraphLayout<C> = emptyGraphLayout;
  return (commits) => {
    const laid = layout.rows.length;
    const continues = laid <= commits.length && (laid === 0 || layout.rows[laid - 1]?.commit === commits[laid - 1]);
    if (continues && laid === commits.length) return layout;
    layout = extendGraphLayout(continues ? layout : emptyGraphLayout, continues ? commits.slice(laid) : commits);
    return layout;
  };
}

export interface RefLabels {
  branches: string[];
  tags: string[];
}

/** The branch and tag names pointing at each commit, in the order listed. */
export function labelsByCommit(branches: readonly { id: string; commit_id: string }[], tags: readonly { id: string; commit_id: string }[]) {
  const labels = new Map<string, RefLabels>();
  const at = (commitId: string) => {
    let found = labels.get(commitId);
    if (!found) labels.set(commitId, (found = { branches: [], tags: [] }));
    return found;
  };
  for (const b of branches) at(b.commit_id).branches.push(b.id);
  for (const t of tags) at(t.commit_id).tags.push(t.id);
  return labels;
}
