// DeleteObjects: up to 1000 keys in an XML body, possibly on several branches. Each key is deleted (or refused)
// on its own and reported in the answer; `Quiet` leaves out the keys deleted.
import { objectArn } from '../permissions';
import { splitKey, type Operation } from '../request';
import { xmlResponse } from '../responses';
import { S3Error, toS3Error } from '../s3-errors';
import { readSmallBody } from '../payload';
import { childrenNamed, childText, malformedXml, parseXml } from '../xml';

const maxKeys = 1000;
/** 1000 keys of 1024 bytes each, with their markup. */
const maxBodyBytes = 2 * 1024 * 1024;

interface KeyError {
  Key: string;
  Code: string;
  Message: string;
}

export async function deleteObjects(op: Operation): Promise<Response> {
  const { request } = op;
  const document = parseXml(await readSmallBody(request.body, request.payload, request.headers, maxBodyBytes));
  if (document.name !== 'Delete') throw malformedXml();
  const keys = childrenNamed(document, 'Object').map((o) => childText(o, 'Key'));
  if (keys.length === 0 || keys.length > maxKeys || keys.some((k) => k === undefined || k === '')) throw malformedXml();
  const quiet = childText(document, 'Quiet')?.trim().toLowerCase() === 'true';

  const deleted: string[] = [];
  const errors: KeyError[] = [];
  const refuse = (key: string, err: unknown) => {
    const s3 = toS3Error(err);
    errors.push({ Key: key, Code: s3.code, Message: s3.message });
  };
  // Keys grouped by branch, each group deleted in one call of the catalog.
  const byRef = new Map<string, Array<{ key: string; path: string }>>();
  for (const key of keys as string[]) {
    const { ref, path } = splitKey(key);
    try {
      if (path === '') throw new S3Error('InvalidArgument', 'the key names no object');
      await op.authorize({ action: 'fs:DeleteObject', resource: objectArn(op.repository, path) });
    } catch (err) {
      refuse(key, err);
      continue;
    }
    byRef.set(ref, [...(byRef.get(ref) ?? []), { key, path }]);
  }
  for (const [ref, group] of byRef) {
    try {
      const failures = await op.writing(ref, () => op.catalog.deleteObjects(op.repository, ref, group.map((g) => g.path), {}));
      const failed = new Map(failures.map((f) => [f.path, f.error]));
      for (const { key, path } of group) {
        if (failed.has(path)) refuse(key, failed.get(path));
        else deleted.push(key);
      }
    } catch (err) {
      for (const { key } of group) refuse(key, err);
    }
  }
  return xmlResponse('DeleteResult', {
    Deleted: quiet ? [] : deleted.map((key) => ({ Key: key })),
    Error: errors.map((e) => ({ ...e })),
  });
}
