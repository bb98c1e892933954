// ListObjects (V1) and ListObjectsV2. Keys are `<ref>/<path>`: a prefix naming a ref lists that ref's objects;
// a prefix without a `/` lists at the bucket root, where the branches are the common prefixes (with delimiter `/`),
// or every branch's objects in key order (without one). Continuation tokens are the last key returned, encoded.
import type { Branch, ObjectListItem, Page } from '../../catalog';
import { NotFoundError } from '../../errors';
import { repositoryArn } from '../permissions';
import { splitKey, type Operation } from '../request';
import { isoTime, objectEtag, xmlResponse } from '../responses';
import { notImplemented, S3Error } from '../s3-errors';
import { awsEncode } from '../signing';
import type { XmlElement } from '../xml';

const maxKeysLimit = 1000;

interface Listed {
  contents: Array<{ key: string; item: Extract<ObjectListItem, { pathType: 'object' }> }>;
  commonPrefixes: string[];
  truncated: boolean;
  /** The last key or common prefix returned, where the next page starts after. */
  lastKey: string;
}

interface ListRequest {
  prefix: string;
  delimiter: string;
  after: string;
  maxKeys: number;
}

const emptyListing = (): Listed => ({ contents: [], commonPrefixes: [], truncated: false, lastKey: '' });

function parseMaxKeys(value: string | undefined): number {
  if (value === undefined) return maxKeysLimit;
  if (!/^\d+$/.test(value)) throw new S3Error('InvalidArgument', 'max-keys must be a non-negative integer');
  return Math.min(Number(value), maxKeysLimit);
}

function collect(page: Page<ObjectListItem>, keyOf: (path: string) => string, into: Listed): void {
  for (const item of page.results) {
    const key = keyOf(item.path);
    if (item.pathType === 'common_prefix') into.commonPrefixes.push(key);
    else into.contents.push({ key, item });
    into.lastKey = key;
  }
}

/** Every branch whose `<name>/` starts with the prefix, in the order of their keys. */
async function branchesUnder(op: Operation, prefix: string): Promise<Branch[]> {
  const branches: Branch[] = [];
  for (let after = '', more = true; more; ) {
    const page = await op.catalog.store.listBranches(op.repository, { prefix, after, amount: 1000 });
    branches.push(...page.results);
    more = page.hasMore;
    after = page.nextOffset;
  }
  return branches.sort((a, b) => (`${a.id}/` < `${b.id}/` ? -1 : 1));
}

/** Objects of one ref, keys prefixed with `<ref>/`; a ref that does not exist has none. */
async function listRef(op: Operation, ref: string, pathPrefix: string, afterPath: string, delimiter: string, amount: number, into: Listed) {
  let page: Page<ObjectListItem>;
  try {
    page = await op.catalog.listObjects(op.repository, ref, { prefix: pathPrefix, after: afterPath, amount, delimiter });
  } catch (err) {
    if (err instanceof NotFoundError && err.subject !== 'repository') return;
    throw err;
  }
  collect(page, (path) => `${ref}/${path}`, into);
  into.truncated = page.hasMore;
}

async function listing(op: Operation, r: ListRequest): Promise<Listed> {
  const listed = emptyListing();
  if (r.maxKeys === 0) return listed;
  if (r.prefix.includes('/')) {
    const { ref, path } = splitKey(r.prefix);
    const refKey = `${ref}/`;
    if (r.after !== '' && r.after > refKey && !r.after.startsWith(refKey)) return listed;
    await listRef(op, ref, path, r.after.startsWith(refKey) ? r.after.slice(refKey.length) : '', r.delimiter, r.maxKeys, listed);
    return listed;
  }
  const branches = (await branchesUnder(op, r.prefix)).filter((b) => r.after === '' || `${b.id}/` > r.after || r.after.startsWith(`${b.id}/`));
  if (r.delimiter === '/') {
    for (const branch of branches.slice(0, r.maxKeys)) {
      listed.commonPrefixes.push(`${branch.id}/`);
      listed.lastKey = `${branch.id}/`;
    }
    listed.truncated = branches.length > r.maxKeys;
    return listed;
  }
  for (const [i, branch] of branches.entries()) {
    const refKey = `${branch.id}/`;
    const left = r.maxKeys - listed.contents.length;
    if (left === 0) {
      listed.truncated = true;
      break;
    }
    await listRef(op, branch.id, '', r.after.startsWith(refKey) ? r.after.slice(refKey.length) : '', '', left, listed);
    // A full page from this branch says nothing of the next ones: only the last branch decides.
    if (!listed.truncated && listed.contents.length === r.maxKeys && i < branches.length - 1) listed.truncated = true;
    if (listed.truncated) break;
  }
  return listed;
}

function listRequest(op: Operation, after: string): ListRequest {
  const { query } = op.request;
  const delimiter = query.get('delimiter') ?? '';
  if (delimiter !== '' && delimiter !== '/') throw notImplemented(`listing with the delimiter '${delimiter}' (only '/')`);
  const encoding = query.get('encoding-type');
  if (encoding !== undefined && encoding !== 'url') throw new S3Error('InvalidArgument', `Invalid Encoding Method specified in Request`);
  return { prefix: query.get('prefix') ?? '', delimiter, after, maxKeys: parseMaxKeys(query.get('max-keys')) };
}

/** The elements V1 and V2 share. */
function commonElements(op: Operation, r: ListRequest, listed: Listed): { head: XmlElement; tail: XmlElement; encode: (s: string) => string } {
  const urlEncoded = op.request.query.get('encoding-type') === 'url';
  const encode = (s: string) => (urlEncoded ? awsEncode(s, true) : s);
  return {
    encode,
    head: {
      Name: op.repository,
      Prefix: encode(r.prefix),
      ...(r.delimiter ? { Delimiter: encode(r.delimiter) } : {}),
      MaxKeys: r.maxKeys,
      ...(urlEncoded ? { EncodingType: 'url' } : {}),
      IsTruncated: listed.truncated,
    },
    tail: {
      Contents: listed.contents.map(({ key, item }) => ({
        Key: encode(key),
        LastModified: isoTime(item.entry.mtime),
        ETag: objectEtag(item.entry),
        Size: item.entry.size,
        StorageClass: 'STANDARD',
      })),
      CommonPrefixes: listed.commonPrefixes.map((p) => ({ Prefix: encode(p) })),
    },
  };
}

export async function listObjectsV1(op: Operation): Promise<Response> {
  await op.authorize({ action: 'fs:ListObjects', resource: repositoryArn(op.repository) });
  const marker = op.request.query.get('marker') ?? '';
  const r = listRequest(op, marker);
  const listed = await listing(op, r);
  const { head, tail, encode } = commonElements(op, r, listed);
  return xmlResponse('ListBucketResult', {
    ...head,
    Marker: encode(marker),
    ...(listed.truncated ? { NextMarker: encode(listed.lastKey) } : {}),
    ...tail,
  });
}

export async function listObjectsV2(op: Operation): Promise<Response> {
  await op.authorize({ action: 'fs:ListObjects', resource: repositoryArn(op.repository) });
  const { query } = op.request;
  const token = query.get('continuation-token');
  const startAfter = query.get('start-after') ?? '';
  let after = startAfter;
  if (token !== undefined) {
    after = Buffer.from(token, 'base64url').toString('utf8');
    if (token === '' || Buffer.from(after, 'utf8').toString('base64url') !== token) {
      throw new S3Error('InvalidArgument', 'The continuation token provided is incorrect');
    }
  }
  const r = listRequest(op, after);
  const listed = await listing(op, r);
  const { head, tail, encode } = commonElements(op, r, listed);
  return xmlResponse('ListBucketResult', {
    ...head,
    KeyCount: listed.contents.length + listed.commonPrefixes.length,
    ...(token !== undefined ? { ContinuationToken: token } : {}),
    ...(listed.truncated ? { NextContinuationToken: Buffer.from(listed.lastKey, 'utf8').toString('base64url') } : {}),
    ...(startAfter ? { StartAfter: encode(startAfter) } : {}),
    ...tail,
  });
}
