import { useEffect, useState } from 'react';
import { getObjectText } from '../../api/objects';

export type ObjectText = { status: 'loading' } | { status: 'loaded'; text: string } | { status: 'failed'; error: unknown };

/**
 * The content of a text object (the renderers that need it call this only for objects under the size cap), or
 * only its first `maxBytes` bytes (one range request) when given.
 */
export function useObjectText(repoId: string, refId: string, path: string, maxBytes?: number): ObjectText {
  const [state, setState] = useState<ObjectText>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getObjectText(repoId, refId, path, { maxBytes, signal: controller.signal }).then(
      (text) => setState({ status: 'loaded', text }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [repoId, refId, path, maxBytes]);

  return state;
}
