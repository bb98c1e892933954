// The import form's rules (docs/behaviour.md, Objects page: Import): the source must match the server's import validity regex, an empty source
// counts as valid but cannot be imported, and the figures shown while an import runs.

/** The refusal's words, naming the server's pattern. */
export function importSourceMessage(validityRegex: string): string {
  return `Import source should match the following pattern: "${validityRegex}"`;
}

function compile(validityRegex: string): RegExp | undefined {
  if (validityRegex === '') return undefined;
  try {
    return new RegExp(validityRegex);
  } catch {
    // A pattern this browser cannot compile: the server, which checks the source again, decides.
    return undefined;
  }
}

/**
 * Why the source cannot be imported from, if it cannot; an empty source is valid. Spaces around a
 * pasted address are not part of it.
 */
export function importSourceError(source: string, validityRegex: string): string | undefined {
  const address = source.trim();
  if (address === '') return undefined;
  const pattern = compile(validityRegex);
  return pattern === undefined || pattern.test(address) ? undefined : importSourceMessage(validityRegex);
}

/** Import needs a valid source that is not empty. */
export function importSourceReady(source: string, validityRegex: string): boolean {
  return source.trim() !== '' && importSourceError(source, validityRegex) === undefined;
}

/** The commit message offered until the user writes their own. */
export function defaultImportMessage(source: string): string {
  return source === '' ? '' : `Imported data from ${source}`;
}

/**
 * The folder the listing lands in, as the wire wants it: no leading slash (paths in a branch have none) and a
 * trailing one, since each source key is appended to it; '' is the repository's root.
 */
export function importDestination(destination: string): string {
  const path = destination.trim().replace(/\\/g, '/').replace(/^\/+/, '');
  return path === '' || path.endsWith('/') ? path : `${path}/`;
}

/** How many objects had been ingested, and when that was read (ms). */
export interface IngestSample {
  objects: number;
  at: number;
}

/** Objects ingested per second between two reads; undefined when no time passed between them. */
export function ingestRate(before: IngestSample, after: IngestSample): number | undefined {
  const seconds = (after.at - before.at) / 1000;
  if (seconds <= 0) return undefined;
  return Math.max(0, after.objects - before.objects) / seconds;
}
