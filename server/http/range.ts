// HTTP Range requests for object reads: one byte range (`a-b`, `a-`, `-n`).
export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable'; reason: string };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined || header.trim() === '') return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match?.[1]) return { kind: 'unsatisfiable', reason: 'Range must look like bytes=start-end' };
  const specs = match[1].split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (specs.length !== 1) {
    // Several ranges would need a multipart answer; the whole object is a correct reply to such a request.
    if (specs.length > 1 && specs.every((s) => /^\d*-\d*$/.test(s))) return { kind: 'whole' };
    return { kind: 'unsatisfiable', reason: 'Range must look like bytes=start-end' };
  }
  const one = /^(\d*)-(\d*)$/.exec(specs[0] as string);
  if (!one || (one[1] === '' && one[2] === '')) return { kind: 'unsatisfiable', reason: 'Range must look like bytes=start-end' };
  if (one[1] === '') {
    const suffix = Number(one[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable', reason: 'range is outside the object' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(one[1]);
  const end = one[2] === '' ? size - 1 : Math.min(Number(one[2]), size - 1);
  if (one[2] !== '' && Number(one[2]) < start) return { kind: 'unsatisfiable', reason: 'range end is before its start' };
  if (start >= size) return { kind: 'unsatisfiable', reason: 'range is outside the object' };
  return { kind: 'partial', start, end };
}
