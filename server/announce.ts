// The lines a starting server prints: the address first (scripts and tests wait for it), then where to begin.

export function announce(url: string, o: { quiet: boolean; initialized: boolean; workers?: number }): void {
  console.log(`Tarn is listening on ${url}${o.workers && o.workers > 1 ? ` (${o.workers} workers)` : ''}`);
  if (o.quiet) return;
  console.log(o.initialized ? `Log in at ${url}/auth/login with your access key.` : `Open ${url}/setup to create the first admin user.`);
}
