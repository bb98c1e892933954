// What the loaders of the repository pages need from the layout route's loader, which runs beside them: the ref a
// page reads, and whether a failed read is the layout's to report ('ref not found', or a ref of the wrong kind).
import type { RefKind, Repository, ResolvedRef } from '../../../api/types';

/** What these loaders read of the layout's data: the repository, and what the page's ref resolved to. */
interface LayoutData {
  repo: Pick<Repository, 'default_branch'>;
  resolvedRef: { ref?: Pick<ResolvedRef, 'kind'> };
}

/** The layout route's match, as a child loader's `parentMatchPromise` gives it. */
type LayoutMatch = Promise<{ loaderData?: LayoutData; error?: unknown }>;

async function layoutData(layout: LayoutMatch): Promise<LayoutData> {
  const match = await layout;
  // The layout failed: it shows its own error, whatever this page does.
  if (!match.loaderData) throw match.error ?? new Error('the repository could not be loaded');
  return match.loaderData;
}

/**
 * The ref a page reads: the URL's `ref` when given, so the page's reads start at once beside the layout's; else the
 * repository's default branch, once the layout has the repository.
 */
export async function pageRef(ref: string | undefined, layout: LayoutMatch): Promise<string> {
  return ref ?? (await layoutData(layout)).repo.default_branch;
}

/**
 * Runs a read of the page's ref. If it fails because the ref does not resolve, or is not of a kind in `kinds`, the
 * page shows that (through the layout's resolved ref) and the read gives undefined; any other failure is thrown.
 */
export async function readAtRef<T>(
  read: () => Promise<T>,
  layout: LayoutMatch,
  kinds: readonly RefKind[] = ['branch', 'tag', 'commit'],
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    const { resolvedRef } = await layoutData(layout);
    if (!resolvedRef.ref || !kinds.includes(resolvedRef.ref.kind)) return undefined;
    throw error;
  }
}
