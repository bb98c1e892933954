// Whether a branch protection rule covers a branch, decided as Tarn's server decides it (server/graveler/settings.ts:
// fnmatch as lakeFS's glob library reads it). The glob compiler is loaded only for a repository that has rules
// (lib/branch-protection).
import picomatch from 'picomatch';

const matchers = new Map<string, (branch: string) => boolean>();

function matcher(pattern: string): (branch: string) => boolean {
  let match = matchers.get(pattern);
  if (!match) {
    // Branch names hold no slashes, so the platform's path rules never matter: fixed, as on the server.
    match = picomatch(pattern, { nonegate: true, noextglob: true, windows: false });
    matchers.set(pattern, match);
  }
  return match;
}

/** Whether any of the repository's protection patterns covers `branch`. */
export function isProtectedBranch(patterns: readonly string[], branch: string): boolean {
  return patterns.some((pattern) => matcher(pattern)(branch));
}
