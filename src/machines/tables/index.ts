// The Tables view's list (README, Tables): the paged list over a ref's tables.
import { listTables } from '../../api/tables';
import type { TableSummary } from '../../api/types';
import { pagedListOver } from '../paged-list';

/** Whose tables the list shows: a repository's, on a ref. */
export interface TableSource {
  repoId: string;
  ref: string;
}

export const liveTableList = pagedListOver<TableSummary, TableSource>(({ repoId, ref }, { after, amount }, signal) => listTables(repoId, ref, { after, amount }, signal));
