// Reads' conditions and ranges as S3 applies them: If-Match / If-Unmodified-Since fail with 412,
// If-None-Match / If-Modified-Since answer 304, and a Range S3 cannot parse is ignored (the whole object), while
// one outside the object is InvalidRange.
import { S3Error } from './s3-errors';

export function etagMatches(header: string, etag: string): boolean {
  return header.split(',').some((v) => {
    const tag = v.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag || `"${tag}"` === etag;
  });
}

/** Unix seconds of an HTTP date, or undefined when it is not one (and the condition is then ignored). */
function seconds(date: string | undefined): number | undefined {
  if (date === undefined) return undefined;
  const millis = Date.parse(date);
  return Number.isNaN(millis) ? undefined : Math.floor(millis / 1000);
}

export interface ConditionHeaders {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifUnmodifiedSince?: string | undefined;
}

/** Whether to answer (`proceed`) or say 304 (`not-modified`); throws PreconditionFailed. */
export function evaluateConditions(h: ConditionHeaders, etag: string, mtime: number): 'proceed' | 'not-modified' {
  const preconditionFailed = () => new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
  if (h.ifMatch !== undefined) {
    if (!etagMatches(h.ifMatch, etag)) throw preconditionFailed();
  } else {
    const unmodifiedSince = seconds(h.ifUnmodifiedSince);
    if (unmodifiedSince !== undefined && mtime > unmodifiedSince) throw preconditionFailed();
  }
  if (h.ifNoneMatch !== undefined) return etagMatches(h.ifNoneMatch, etag) ? 'not-modified' : 'proceed';
  const modifiedSince = seconds(h.ifModifiedSince);
  return modifiedSince !== undefined && mtime <= modifiedSince ? 'not-modified' : 'proceed';
}

/** The inclusive byte span a Range asks for, or undefined for the whole object. */
export function byteSpan(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const one = header === undefined ? null : /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!one || (one[1] === '' && one[2] === '')) return undefined;
  const invalid = () => new S3Error('InvalidRange', 'The requested range is not satisfiable', { ActualObjectSize: String(size) });
  if (one[1] === '') {
    const suffix = Number(one[2]);
    if (suffix === 0 || size === 0) throw invalid();
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(one[1]);
  if (one[2] !== '' && Number(one[2]) < start) return undefined;
  if (start >= size) throw invalid();
  return { start, end: one[2] === '' ? size - 1 : Math.min(Number(one[2]), size - 1) };
}
