import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { Redirect } from '../../lib/redirect';

/** Carries out a flow's navigation: the router for console paths, a page load for any other address. */
export function useFlowRedirect(): (redirect: Redirect) => void {
  const router = useRouter();
  return useCallback(
    (redirect: Redirect) => {
      if (redirect.external) window.location.assign(redirect.to);
      else void router.navigate({ href: redirect.to, replace: true });
    },
    [router],
  );
}
