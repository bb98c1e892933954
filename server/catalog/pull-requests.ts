// Pull requests (lakeFS's pulls API): a proposal to merge one branch into another. They are open until closed or
// merged; closed ones may be reopened, merged ones never change status again. Merging one is the catalog's merge of
// its branches (hooks, read-only repositories and conflict rules included), then the record notes the commit.
import { badRequest, NotFoundError, TarnError } from '../errors';
import type { Commit, Graveler, MergeOptions, Page, PageOptions, PullRequestRecord, PullRequestStatus } from '../graveler';

export interface PullRequestInput {
  title: string;
  description?: string;
  sourceBranch: string;
  destinationBranch: string;
}

export interface PullRequestChange {
  status?: PullRequestStatus;
  title?: string;
  description?: string;
}

/** The listing's filter: `closed` includes the merged ones, which are closed too. */
export type PullRequestFilter = 'open' | 'closed' | 'all';

const filterStatuses: Record<PullRequestFilter, readonly PullRequestStatus[] | undefined> = {
  open: ['open'],
  closed: ['closed', 'merged'],
  all: undefined,
};

type Merge = (repo: string, source: string, destinationBranch: string, o: MergeOptions) => Promise<Commit>;

export class PullRequests {
  constructor(
    private readonly store: Graveler,
    private readonly mergeBranches: Merge,
    private readonly now: () => number,
  ) {}

  async create(repo: string, input: PullRequestInput, author: string): Promise<string> {
    if (input.sourceBranch === input.destinationBranch) throw badRequest('source and destination branches must differ');
    await this.requireBranch(repo, input.sourceBranch, 'source');
    await this.requireBranch(repo, input.destinationBranch, 'destination');
    return this.store.createPullRequest(repo, {
      status: 'open',
      title: input.title,
      description: input.description ?? '',
      author,
      sourceBranch: input.sourceBranch,
      destinationBranch: input.destinationBranch,
    });
  }

  get(repo: string, id: string): Promise<PullRequestRecord> {
    return this.store.getPullRequest(repo, id);
  }

  list(repo: string, filter: PullRequestFilter, o: PageOptions): Promise<Page<PullRequestRecord>> {
    const statuses = filterStatuses[filter];
    return this.store.listPullRequests(repo, { ...o, ...(statuses ? { statuses } : {}) });
  }

  /** Edits the title and description, closes or reopens; `merged` comes only from merging. */
  async update(repo: string, id: string, change: PullRequestChange): Promise<void> {
    if (change.status === 'merged') throw badRequest('a pull request becomes merged only by merging it');
    await this.store.updatePullRequest(repo, id, (current) => {
      const next: PullRequestRecord = {
        ...current,
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
      };
      if (change.status === undefined || change.status === current.status) return next;
      if (current.status === 'merged') throw badRequest('pull request is already merged: it can no longer be closed or reopened');
      if (change.status === 'closed') return { ...next, status: 'closed', closedDate: this.now() };
      const reopened: PullRequestRecord = { ...next, status: 'open' };
      delete reopened.closedDate;
      return reopened;
    });
  }

  /**
   * Merges the source branch into the destination as a merge call would, once `authorize` accepts the destination
   * (the caller must be allowed to merge into it), then marks the pull request merged with the commit.
   */
  async merge(
    repo: string,
    id: string,
    o: Omit<MergeOptions, 'beforeBranchMove'>,
    authorize: (destinationBranch: string) => Promise<void>,
  ): Promise<Commit> {
    const pr = await this.store.getPullRequest(repo, id);
    await authorize(pr.destinationBranch);
    if (pr.status === 'merged') throw badRequest('pull request is already merged');
    if (pr.status === 'closed') throw badRequest('pull request is closed: reopen it to merge');
    const commit = await this.mergeBranches(repo, pr.sourceBranch, pr.destinationBranch, {
      ...o,
      message: o.message || `Merge pull request ${pr.id}: ${pr.title}`,
    });
    await this.store.updatePullRequest(repo, id, (current) => ({ ...current, status: 'merged', mergedCommitId: commit.id, closedDate: this.now() }));
    return commit;
  }

  private async requireBranch(repo: string, branch: string, side: 'source' | 'destination'): Promise<void> {
    try {
      await this.store.getBranch(repo, branch);
    } catch (err) {
      if (err instanceof NotFoundError && err.subject === 'branch') throw new TarnError('not_found', `${side} branch not found: ${branch}`);
      throw err;
    }
  }
}
