// An authenticated S3 request as the operations see it: bucket (= repository) and key (= `<ref>/<path>`), the
// query, headers and the checked body, and the catalog and permission check to act with.
import type { Principal } from '../auth/service';
import type { Catalog, ObjectAttributes } from '../catalog';
import { NotFoundError } from '../errors';
import { checkedBody } from './payload';
import type { Authorize, Permission } from './permissions';
import { S3Error } from './s3-errors';
import type { PayloadSigning } from './signing';

export interface S3Request {
  method: string;
  /** The repository; empty for the service (ListBuckets). */
  bucket: string;
  /** `<ref>/<path>`, decoded; empty for bucket requests. */
  key: string;
  query: Map<string, string>;
  headers: Headers;
  principal: Principal;
  payload: PayloadSigning;
  /** The raw request body; read it through `content()`. */
  body: AsyncIterable<Uint8Array>;
}

export class Operation {
  constructor(
    readonly request: S3Request,
    readonly catalog: Catalog,
    private readonly authorizer: Authorize,
  ) {}

  get repository(): string {
    return this.request.bucket;
  }

  /** The key's ref and path: `main/a/b.csv` → `main`, `a/b.csv`. */
  get target(): { ref: string; path: string } {
    return splitKey(this.request.key);
  }

  header(name: string): string | undefined {
    return this.request.headers.get(name) ?? undefined;
  }

  authorize(...needed: Permission[]): Promise<void> {
    return this.authorizer(this.request.principal, needed);
  }

  /** The body, checked against its signature and checksums as it streams. */
  content(): AsyncIterable<Uint8Array> {
    return checkedBody(this.request.body, this.request.payload, this.request.headers);
  }

  /** Content type and `x-amz-meta-*` user metadata of a new object. */
  objectAttributes(): ObjectAttributes {
    const metadata: Record<string, string> = {};
    for (const [name, value] of this.request.headers) {
      if (name.startsWith(metaPrefix) && name.length > metaPrefix.length) metadata[name.slice(metaPrefix.length)] = value;
    }
    const contentType = this.header('content-type')?.trim();
    return { contentType: contentType ? contentType : 'application/octet-stream', metadata };
  }

  /**
   * A write's failure, as S3 says it: a write to a ref that is a tag or a commit is not allowed
   * (MethodNotAllowed); to a ref that does not exist, there is no such key.
   */
  async writeFailure(err: unknown, ref: string): Promise<unknown> {
    if (!(err instanceof NotFoundError) || err.subject !== 'branch') return err;
    try {
      await this.catalog.store.getCommit(this.repository, ref);
    } catch {
      return new S3Error('NoSuchKey', `there is no branch '${ref}' to write to`);
    }
    return new S3Error('MethodNotAllowed', `'${ref}' is not a branch: objects are written to branches only`);
  }

  /** Runs a write to `ref`, its failures said as S3 says them. */
  async writing<T>(ref: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      throw await this.writeFailure(err, ref);
    }
  }
}

export const metaPrefix = 'x-amz-meta-';

export function splitKey(key: string): { ref: string; path: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { ref: key, path: '' } : { ref: key.slice(0, slash), path: key.slice(slash + 1) };
}
