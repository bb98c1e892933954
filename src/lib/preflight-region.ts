// The server's preflight for a settings page's changes (`set_allowed` answers 204 when allowed), as a
// region of the page's machine: asked when the page opens, and again on the page's refresh after a refusal or a
// failure. The page's own policy check may add to it; it never replaces it. A machine using it declares the actor
// `checkAllowed` (true: allowed, false: refused), the guard `preflightAllowed` (its parameter is that answer) and
// the action `setPreflightError`, and guards its changes with `stateIn({ preflight: 'allowed' })`.
import { errorMessage } from './error-message';

export type PreflightStatus = 'asking' | 'allowed' | 'refused' | 'failed';

/** The region's states; `refresh` is the page's refresh event, which asks again after a refusal or a failure. */
export function preflightRegion<Refresh extends string>(refresh: Refresh) {
  const askAgain = { [refresh]: 'asking' } as Record<Refresh, 'asking'>;
  return {
    initial: 'asking' as const,
    states: {
      asking: {
        invoke: {
          src: 'checkAllowed' as const,
          input: ({ context }: { context: { repoId: string } }) => ({ repoId: context.repoId }),
          onDone: [
            {
              guard: { type: 'preflightAllowed' as const, params: ({ event }: { event: { output: boolean } }) => event.output },
              target: 'allowed' as const,
            },
            { target: 'refused' as const },
          ],
          onError: {
            target: 'failed' as const,
            actions: { type: 'setPreflightError' as const, params: ({ event }: { event: { error: unknown } }) => event.error },
          },
        },
      },
      allowed: {},
      refused: { on: askAgain },
      failed: { on: askAgain },
    },
  };
}

/** What the user is told of a change the preflight does not allow (yet): the page's words, or the failure. */
export interface PreflightWording {
  /** While the server is asked. */
  asking: string;
  /** When it refused. */
  refused: string;
}

/** Why the preflight keeps the page's changes disabled, or undefined when it allows them. */
export function preflightRefusal(status: PreflightStatus, wording: PreflightWording, error: unknown): string | undefined {
  switch (status) {
    case 'allowed':
      return undefined;
    case 'asking':
      return wording.asking;
    case 'refused':
      return wording.refused;
    case 'failed':
      return `${errorMessage(error)}. Refresh to ask again.`;
  }
}
