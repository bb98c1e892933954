// Finds the actions that answer an event: every `_lakefs_actions/*.yaml` (or .yml) file at the event's source ref,
// parsed, then matched on the event and the branch. A file that cannot be read or parsed is reported with its path.
import picomatch from 'picomatch';
import { parseActionFile, type Action } from './action-file';
import type { EventType } from './events';

export const actionsPrefix = '_lakefs_actions/';

/** Larger files are refused rather than parsed: an action is a few lines. */
const maxFileBytes = 1024 * 1024;

/** Reads objects of a repository at a ref: how the actions reach the catalog without depending on it. */
export interface ObjectReader {
  /** The objects directly under `prefix` (not in deeper folders), in path order. */
  list(repository: string, ref: string, prefix: string): Promise<Array<{ path: string; size: number }>>;
  read(repository: string, ref: string, path: string): Promise<Uint8Array>;
}

export interface FileProblem {
  path: string;
  problem: string;
}

export interface LoadedActions {
  actions: Action[];
  problems: FileProblem[];
}

const isActionFile = (path: string) => path.endsWith('.yaml') || path.endsWith('.yml');

export async function loadActions(reader: ObjectReader, repository: string, ref: string): Promise<LoadedActions> {
  let files: Array<{ path: string; size: number }>;
  try {
    files = (await reader.list(repository, ref, actionsPrefix)).filter((file) => isActionFile(file.path));
  } catch (err) {
    return { actions: [], problems: [{ path: actionsPrefix, problem: `could not be listed at '${ref}': ${(err as Error).message}` }] };
  }
  const loaded: LoadedActions = { actions: [], problems: [] };
  for (const file of files) {
    if (file.size > maxFileBytes) {
      loaded.problems.push({ path: file.path, problem: `is larger than ${maxFileBytes} bytes` });
      continue;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await reader.read(repository, ref, file.path));
    } catch (err) {
      loaded.problems.push({ path: file.path, problem: `could not be read: ${(err as Error).message}` });
      continue;
    }
    const parsed = parseActionFile(file.path, text);
    if ('problem' in parsed) loaded.problems.push({ path: file.path, problem: parsed.problem });
    else loaded.actions.push(parsed.action);
  }
  return loaded;
}

/** The actions that react to `event` on `branchId`, in file order. No patterns (or none listed) means every branch. */
export function matchingActions(actions: Action[], event: EventType, branchId: string): Action[] {
  return actions.filter((action) => {
    if (!action.on.has(event)) return false;
    const patterns = action.on.get(event);
    if (!patterns || patterns.length === 0) return true;
    return patterns.some((pattern) => picomatch(pattern)(branchId));
  });
}
