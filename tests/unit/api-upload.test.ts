import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthorizationError } from '../../src/api/errors';
import { uploadObject, UploadAbortedError } from '../../src/api/upload';

/** Just enough of XMLHttpRequest to drive uploadObject: the test plays the server through `respond`/`progress`. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  private listeners = new Map<string, (() => void)[]>();
  private uploadListeners: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void)[] = [];
  upload = {
    addEventListener: (_type: string, fn: (e: { lengthComputable: boolean; loaded: number; total: number }) => void) => {
      this.uploadListeners.push(fn);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }
  progress(loaded: number, total: number) {
    for (const fn of this.uploadListeners) fn({ lengthComputable: true, loaded, total });
  }
  respond(status: number, text: string, contentType = 'application/json') {
    this.status = status;
    this.responseText = text;
    this.responseHeaders['content-type'] = contentType;
    this.fire('load');
  }
  fire(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn();
  }
}

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const current = (): FakeXhr => {
  if (!FakeXhr.last) throw new Error('no request was sent');
  return FakeXhr.last;
};

describe('uploadObject', () => {
  it('posts the file as multipart field content and reports whole percents', async () => {
    const percents: number[] = [];
    const file = new Blob(['hello']);
    const done = uploadObject('repo', 'main', 'dir/a b.txt', file, { onProgress: (p) => percents.push(p) });
    const xhr = current();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/repositories/repo/branches/main/objects?path=dir%2Fa+b.txt');
    expect(xhr.headers['x-lakefs-client']).toMatch(/^tarn-console\//);
    expect(xhr.body?.get('content')).toBeInstanceOf(Blob);
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    xhr.respond(201, JSON.stringify({ path: 'dir/a b.txt', path_type: 'object' }));
    await expect(done).resolves.toEqual({ path: 'dir/a b.txt', path_type: 'object' });
    expect(percents).toEqual([33, 100, 100]);
  });

  it('rejects with the typed server error', async () => {
    const done = uploadObject('repo', 'main', 'a', new Blob(['x']));
    current().respond(401, JSON.stringify({ message: 'insufficient permissions' }));
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthorizationError);
    expect((error as Error).message).toBe('insufficient permissions');
  });

  it('aborts the request when the signal fires', async () => {
    const controller = new AbortController();
    const done = uploadObject('repo', 'main', 'a', new Blob(['x']), { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toBeInstanceOf(UploadAbortedError);
    expect(current().aborted).toBe(true);
  });

  it('fails as Upload Failed on a network error', async () => {
    const done = uploadObject('repo', 'main', 'a', new Blob(['x']));
    current().fire('error');
    await expect(done).rejects.toThrow('Upload Failed');
  });
});

describe('presignedChecksum', () => {
  it('prefers Content-MD5 and otherwise strips quotes and spaces from the ETag', async () => {
    const { presignedChecksum } = await import('../../src/api/upload');
    expect(presignedChecksum('md5==', '"etag"')).toBe('md5==');
    expect(presignedChecksum(null, ' "0123abcd" ')).toBe('0123abcd');
    expect(presignedChecksum(null, null)).toBe('');
  });
});
