// Selection arithmetic shared by the lists that select rows: the Users, Groups and Policies lists (list-selection)
// and the objects listing (object-selection). A selection is an array of row ids in the order they were selected;
// rows are looked up through `membership`, so a view asking about each of its rows stays linear however many ids
// are selected (the objects listing can hold 100,000).

export type Selection = readonly string[];

const memberships = new WeakMap<Selection, ReadonlySet<string>>();

/** The selection as a set, made once per selection (selections are never mutated, only replaced). */
export function membership(selected: Selection): ReadonlySet<string> {
  let set = memberships.get(selected);
  if (!set) {
    set = new Set(selected);
    memberships.set(selected, set);
  }
  return set;
}

/** The selection with `id` added, or removed when it was selected. */
export function toggled(selected: Selection, id: string): Selection {
  return membership(selected).has(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** The selection with every id of `ids` selected (`checked`) or unselected. */
export function withAll(selected: Selection, ids: readonly string[], checked: boolean): Selection {
  const current = membership(selected);
  if (checked) {
    const added = ids.filter((id) => !current.has(id));
    return added.length === 0 ? selected : [...selected, ...added];
  }
  const removed = new Set(ids);
  return selected.filter((id) => !removed.has(id));
}

/**
 * Shift-click: every row from the anchor (the row clicked before) to `id`, in the list's `order`, takes the state
 * the clicked row is toggled to. Without an anchor in the list it is a plain toggle.
 */
export function withRange(selected: Selection, order: readonly string[], anchor: string | null, id: string): Selection {
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(id);
  if (from === -1 || to === -1) return toggled(selected, id);
  const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
  return withAll(selected, range, !membership(selected).has(id));
}

/** How much of `ids` (the rows a header checkbox stands for) is selected. */
export function coverage(selected: Selection, ids: readonly string[]): 'none' | 'some' | 'all' {
  const current = membership(selected);
  const count = ids.reduce((n, id) => (current.has(id) ? n + 1 : n), 0);
  return count === 0 ? 'none' : count === ids.length ? 'all' : 'some';
}
