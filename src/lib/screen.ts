// What every screen machine shares with the helper that runs it (src/lib/use-screen.ts): the route's changes arrive
// as one event, and the machine's ways out of itself (moving to another address, reading the route's data again)
// are two actions the router provides. A screen machine declares them with `...screenActions` in its setup.
import type { NavigateOptions } from '@tanstack/react-router';
import { actionPlaceholder } from './actor-placeholders';
import type { Redirect } from './redirect';

/** Where a screen goes: TanStack Router's navigation (`to`, `params`, `search`, `replace`). */
export type Navigation = NavigateOptions;

/**
 * The route's data changed (its loader read again, or its search parameters changed): the machine gets what the
 * route knows now, in the shape of its input.
 */
export interface RouteChanged<TInput> {
  type: 'route.changed';
  input: TInput;
}

export const screenActions = {
  /** Moves to another address (router.navigate). */
  navigate: actionPlaceholder<Navigation>('navigate'),
  /** Reads the route's data again (router.invalidate): the loaders run, and the screen hears `route.changed`. */
  invalidate: actionPlaceholder('invalidate'),
};

/**
 * A flow's redirect as the router carries it out: a console path replaces the entry (Back does not return to a
 * finished flow), any other address is a page load (the router leaves the app for an address with a scheme).
 */
export function redirectNavigation(redirect: Redirect): Navigation {
  return redirect.external ? { href: redirect.to, reloadDocument: true } : { href: redirect.to, replace: true };
}
