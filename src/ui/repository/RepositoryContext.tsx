import { createContext, useContext, type ReactNode } from 'react';
import type { Repository, ResolvedRef } from '../../api/types';
import type { ResolvedRefState } from '../../loaders/repository';
import { NO_BRANCH_PROTECTION, type BranchProtection } from '../../lib/branch-protection';
import { isNotFound } from '../../lib/error-message';
import { ErrorAlert } from '../components/ErrorAlert';
import { MissingResource } from '../components/NotFound';

export type { ResolvedRefState };

export interface RepositoryContextValue {
  repo: Repository;
  resolvedRef: ResolvedRefState;
  /** The repository's branch protection rules (lib/branch-protection). */
  branchProtection: BranchProtection;
  /** Reloads the repository and re-resolves the ref (after a commit, a reset, a settings change...). */
  refresh: () => void;
}

const RepositoryContext = createContext<RepositoryContextValue | null>(null);

export function RepositoryProvider({ value, children }: { value: RepositoryContextValue; children: ReactNode }) {
  return <RepositoryContext.Provider value={value}>{children}</RepositoryContext.Provider>;
}

function useRepositoryContext(): RepositoryContextValue {
  const value = useContext(RepositoryContext);
  if (!value) throw new Error('useRepository() is only available inside a repository page');
  return value;
}

/** The repository of the current page, loaded by the repository layout route. */
export function useRepository(): { repo: Repository; refresh: () => void } {
  const { repo, refresh } = useRepositoryContext();
  return { repo, refresh };
}

/** The branch protection rules of the page's repository; none outside a repository page. */
export function useBranchProtection(): BranchProtection {
  return useContext(RepositoryContext)?.branchProtection ?? NO_BRANCH_PROTECTION;
}

/** Whether a protection rule of the page's repository covers `branch` (false for no branch). */
export function useProtectedBranch(branch: string | undefined): boolean {
  const protection = useBranchProtection();
  return branch !== undefined && protection.covers(branch);
}

/** The current ref, resolved branch → tag → commit by the repository layout route. */
export function useResolvedRef(): ResolvedRefState {
  return useRepositoryContext().resolvedRef;
}

/**
 * Renders its children with the resolved ref; a ref that names nothing gets the not-found page, a failed lookup the
 * red alert.
 */
export function WithResolvedRef({ children }: { children: (ref: ResolvedRef) => ReactNode }) {
  const { ref, error } = useResolvedRef();
  if (!ref && (error === undefined || isNotFound(error))) return <MissingResource error={error ?? new Error('ref not found')} />;
  if (!ref) return <ErrorAlert error={error} />;
  return <>{children(ref)}</>;
}
