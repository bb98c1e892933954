import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import { objectUrl } from '../../lib/api-address';
import { parentPrefix } from '../objects/paths';
import type { MarkdownLinks } from './markdown';

/** Link resolution for a markdown object at `path` of `ref`: objects download, folders open in the browser. */
export function useMarkdownLinks(repoId: string, ref: string, path: string): MarkdownLinks {
  const router = useRouter();
  return useMemo(
    () => ({
      repoId,
      ref,
      baseDir: parentPrefix(path),
      objectUrl,
      browseUrl: (targetRepo: string, targetRef: string, prefix: string) =>
        router.buildLocation({
          to: '/repositories/$repoId/objects',
          params: { repoId: targetRepo },
          search: { ref: targetRef, ...(prefix ? { path: prefix } : {}) },
        }).href,
    }),
    [router, repoId, ref, path],
  );
}
