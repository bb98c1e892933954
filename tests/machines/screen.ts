// What a screen machine's test provides in the router's place: the navigations and invalidations it asked for.
import type { Navigation } from '../../src/lib/screen';

/** A navigation as the router would take it: its address, and its search applied to the search it replaces. */
export interface Taken {
  to: string | undefined;
  params: unknown;
  search: Record<string, unknown> | undefined;
  replace: boolean;
}

export function takeNavigation(navigation: Navigation, current: Record<string, unknown> = {}): Taken {
  const { search } = navigation as { search?: unknown };
  const next =
    typeof search === 'function'
      ? (search as (prev: Record<string, unknown>) => Record<string, unknown>)(current)
      : search === true
        ? current
        : (search as Record<string, unknown> | undefined);
  // Undefined parameters are left out of the address, as the router does.
  const cleaned = next && Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
  return {
    to: navigation.to as string | undefined,
    params: (navigation as { params?: unknown }).params,
    search: cleaned,
    replace: navigation.replace === true,
  };
}

/** The router's actions, recording what the machine asked for; `current` is the search navigations apply to. */
export function routerSpy(current: Record<string, unknown> = {}) {
  const navigations: Taken[] = [];
  let invalidations = 0;
  return {
    navigations,
    invalidations: () => invalidations,
    actions: {
      navigate: (_: unknown, navigation: Navigation) => void navigations.push(takeNavigation(navigation, current)),
      invalidate: () => void (invalidations += 1),
    },
  };
}
