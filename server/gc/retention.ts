// Which commits a repository's GC rules keep: for each branch, the head, and every commit reachable from it created
// within the branch's retention (its own rule, else the default); every tagged commit. The collector deletes the
// data only other commits refer to; the prepare calls write the same verdict to commits.csv for lakeFS's GC job.
import { listAll, type Branch, type Commit, type GcRules, type Graveler } from '../graveler';

const DAY_SECONDS = 86_400;

/** How often the branches may move under a run before it gives up rather than chase them. */
const MAX_ROUNDS = 10;

/** A run that cannot go ahead: no GC rules, or a repository that would not hold still. */
export class GcRefusedError extends Error {}

/** The oldest creation date (unix seconds) a commit reachable from the branch may have and still be kept. */
export type Cutoff = (branch: string) => number;

export function cutoffOf(rules: GcRules, now: number): Cutoff {
  const days = new Map(rules.branches.map((b) => [b.branchId, b.retentionDays]));
  return (branch) => now - (days.get(branch) ?? rules.defaultRetentionDays) * DAY_SECONDS;
}

/** Keeps the whole history of every branch (a repository sharing the namespace, whose rules are not ours to apply). */
export const keepEverything: Cutoff = () => Number.NEGATIVE_INFINITY;

/** What a walk tells its user, each at most once per repository and commit. */
export interface RetentionVisitor {
  /** A commit the rules keep. */
  keep(repo: string, commit: Commit): void | Promise<void>;
  /** A branch read at a new head, before its history is walked: what is staged on it is kept too. */
  branch(repo: string, branch: Branch): void | Promise<void>;
}

/** Walks the branches and tags of repositories, telling the visitor what the rules keep. */
export class RetentionWalk {
  /** `repo \0 commit id` of every kept commit. */
  readonly kept = new Set<string>();
  /** Commit → the lowest cutoff it was walked with; walking again with a higher one would keep nothing new. */
  private readonly walked = new Map<string, number>();

  constructor(
    private readonly graveler: Graveler,
    private readonly visitor: RetentionVisitor,
  ) {}

  /** `known` when the commit was read already. */
  private async keepCommit(repo: string, id: string, known?: Commit): Promise<void> {
    const key = `${repo}\0${id}`;
    if (this.kept.has(key)) return;
    this.kept.add(key);
    await this.visitor.keep(repo, known ?? (await this.graveler.getCommit(repo, id)));
  }

  /** The head, and every commit reachable from it created at or after `cutoff`. */
  private async walkBranch(repo: string, head: string, cutoff: number): Promise<void> {
    await this.keepCommit(repo, head);
    const pending = [head];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      const key = `${repo}\0${id}`;
      const before = this.walked.get(key);
      if (before !== undefined && before <= cutoff) continue;
      this.walked.set(key, cutoff);
      const commit = await this.graveler.getCommit(repo, id);
      if (commit.creationDate >= cutoff) await this.keepCommit(repo, id, commit);
      pending.push(...commit.parents);
    }
  }

  /**
   * Walks what the repository's branches and tags keep, then reads the branches and tags again and walks what
   * moved, until a round finds nothing new: a commit that landed meanwhile (its staged entries may be gone already)
   * is then kept as a head.
   */
  async walkRepository(repo: string, cutoff: Cutoff): Promise<void> {
    const seen = new Map<string, string>();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const branches = await listAll((after) => this.graveler.listBranches(repo, { showHidden: true, after, amount: 1000 }));
      const tags = await listAll((after) => this.graveler.listTags(repo, { after, amount: 1000 }));
      // Longest retention first, so a commit is walked once with the lowest cutoff that reaches it.
      const moved = branches.filter((b) => seen.get(`branch ${b.id}`) !== b.commitId).sort((x, y) => cutoff(x.id) - cutoff(y.id));
      const newTags = tags.filter((t) => seen.get(`tag ${t.id}`) !== t.commitId);
      if (moved.length === 0 && newTags.length === 0) return;
      for (const b of moved) {
        seen.set(`branch ${b.id}`, b.commitId);
        await this.visitor.branch(repo, b);
        await this.walkBranch(repo, b.commitId, cutoff(b.id));
      }
      for (const t of newTags) {
        seen.set(`tag ${t.id}`, t.commitId);
        await this.keepCommit(repo, t.commitId);
      }
    }
    throw new GcRefusedError(`the branches of ${repo} kept moving while garbage collection read them; run it again when it is quieter`);
  }
}
