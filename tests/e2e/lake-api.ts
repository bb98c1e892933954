// Preparing a repository's history over the REST API (with the admin's access key), for journeys that are about
// what the console does with it rather than about how it was made.
import type { AdminCredentials } from './flows';

export interface LakeApi {
  createRepository(name: string): Promise<void>;
  createBranch(repo: string, name: string, source: string): Promise<void>;
  /** Uploads `content` to `path` on `branch` and commits it with `message`; answers the commit id. */
  commitFile(repo: string, branch: string, path: string, content: string, message: string): Promise<string>;
  /** Deletes `path` on `branch` and commits that with `message`. */
  deleteFile(repo: string, branch: string, path: string, message: string): Promise<void>;
  /** The object's content at `ref`. */
  readObject(repo: string, ref: string, path: string): Promise<string>;
  /** Uploads `content` to `path` on `branch` with its content type, leaving it uncommitted. */
  uploadObject(repo: string, branch: string, path: string, content: string | Uint8Array, contentType: string): Promise<void>;
  /** Commits what `branch` has staged; answers the commit id. */
  commit(repo: string, branch: string, message: string): Promise<string>;
  /** Merges `source` into `dest` with the default strategy (a protected branch takes merges); answers the commit id. */
  merge(repo: string, source: string, dest: string, message: string): Promise<string>;
  /** The server's configuration (GET /config), as JSON. */
  getConfig(): Promise<unknown>;
}

export function lakeApi(baseUrl: string, credentials: AdminCredentials): LakeApi {
  const authorization = `Basic ${Buffer.from(`${credentials.accessKeyId}:${credentials.secretAccessKey}`).toString('base64')}`;
  async function call(method: string, path: string, body?: string | Uint8Array | object, contentType?: string): Promise<Response> {
    const headers: Record<string, string> = { authorization };
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    if (body instanceof Uint8Array) {
      // A copy owns a plain ArrayBuffer, which is what fetch takes (a Buffer may share a pooled one).
      payload = new Uint8Array(body);
      headers['content-type'] = contentType ?? 'application/octet-stream';
    } else if (typeof body === 'string') {
      payload = body;
      if (contentType) headers['content-type'] = contentType;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  }
  const repoPath = (repo: string) => `/repositories/${encodeURIComponent(repo)}`;
  return {
    async createRepository(name) {
      await call('POST', '/repositories', { name, storage_namespace: `local://${name}`, default_branch: 'main' });
    },
    async createBranch(repo, name, source) {
      await call('POST', `${repoPath(repo)}/branches`, { name, source });
    },
    async commitFile(repo, branch, path, content, message) {
      const at = `${repoPath(repo)}/branches/${encodeURIComponent(branch)}`;
      await call('POST', `${at}/objects?path=${encodeURIComponent(path)}`, content);
      const commit = await call('POST', `${at}/commits`, { message });
      return ((await commit.json()) as { id: string }).id;
    },
    async merge(repo, source, dest, message) {
      const merged = await call('POST', `${repoPath(repo)}/refs/${encodeURIComponent(source)}/merge/${encodeURIComponent(dest)}`, { message });
      return ((await merged.json()) as { reference: string }).reference;
    },
    async deleteFile(repo, branch, path, message) {
      const at = `${repoPath(repo)}/branches/${encodeURIComponent(branch)}`;
      await call('DELETE', `${at}/objects?path=${encodeURIComponent(path)}`);
      await call('POST', `${at}/commits`, { message });
    },
    async uploadObject(repo, branch, path, content, contentType) {
      await call('POST', `${repoPath(repo)}/branches/${encodeURIComponent(branch)}/objects?path=${encodeURIComponent(path)}`, content, contentType);
    },
    async commit(repo, branch, message) {
      const response = await call('POST', `${repoPath(repo)}/branches/${encodeURIComponent(branch)}/commits`, { message });
      return ((await response.json()) as { id: string }).id;
    },
    async getConfig() {
      return (await call('GET', '/config')).json();
    },
    async readObject(repo, ref, path) {
      const response = await call('GET', `${repoPath(repo)}/refs/${encodeURIComponent(ref)}/objects?path=${encodeURIComponent(path)}`);
      return response.text();
    },
  };
}
