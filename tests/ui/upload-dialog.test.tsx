import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createActor } from 'xstate';
import { renderWithRouter } from './render';
import { liveUploadQueueMachine, type UploadQueueInput } from '../../src/machines/upload-queue';
import { UploadDialog } from '../../src/ui/upload';
import { fakeApi } from './fake-api';

const uploads: { path: string | null; content: string }[] = [];
let stageAllowed = true;
let failPath: string | null = null;
let refusedPath: string | null = null;
let presign = false;
const linked: unknown[] = [];
const presignedPuts: { content: string; blobType: string | null }[] = [];

const preflights: (string | null)[] = [];

const server = fakeApi(
  http.get('*/api/v1/repositories/:repo/branches/:branch/staging/backing', ({ request }) =>
    HttpResponse.json({
      physical_address: 'https://store.example.com/ns/data/abc',
      presigned_url: `https://store.example.com/ns/data/abc?sig=1&p=${new URL(request.url).searchParams.get('path') ?? ''}`,
    }),
  ),
  http.put('https://store.example.com/ns/data/abc', async ({ request }) => {
    presignedPuts.push({ content: await request.text(), blobType: request.headers.get('x-ms-blob-type') });
    return new HttpResponse(null, { status: 201, headers: { ETag: '"0123abcd"' } });
  }),
  http.put('*/api/v1/repositories/:repo/branches/:branch/staging/backing', async ({ request }) => {
    linked.push({ path: new URL(request.url).searchParams.get('path'), body: await request.json() });
    return HttpResponse.json({ path: 'data/a.csv', path_type: 'object' });
  }),
  http.get('*/api/v1/repositories/:repo/branches/:branch/objects/stage_allowed', ({ request }) => {
    const path = new URL(request.url).searchParams.get('path');
    preflights.push(path);
    return stageAllowed && path !== refusedPath
      ? new HttpResponse(null, { status: 204 })
      : HttpResponse.json({ message: 'insufficient permissions' }, { status: 401 });
  }),
  http.post('*/api/v1/repositories/:repo/branches/:branch/objects', async ({ request }) => {
    const path = new URL(request.url).searchParams.get('path');
    const form = await request.formData();
    const content = form.get('content');
    uploads.push({ path, content: content instanceof Blob ? await content.text() : String(content) });
    if (path === failPath) return HttpResponse.json({ message: 'read-only repository' }, { status: 403 });
    return HttpResponse.json({ path, path_type: 'object' }, { status: 201 });
  }),
);

afterEach(() => {
  uploads.length = 0;
  stageAllowed = true;
  failPath = null;
  refusedPath = null;
  presign = false;
  preflights.length = 0;
  linked.length = 0;
  presignedPuts.length = 0;
});

/**
 * The dialog over a live queue, as the objects page opens it; `onUploaded` stands for the page, which the queue
 * tells when a run stored something.
 */
/** The dialog in a router (its receipt links to a screen), once it shows. */
async function renderDialog(input: Partial<UploadQueueInput> = {}) {
  const onUploaded = vi.fn();
  const onClose = vi.fn();
  const queue = createActor(liveUploadQueueMachine.provide({ actions: { announceStored: onUploaded } }), {
    input: {
      repoId: 'repo',
      branch: 'main',
      prefix: 'data/',
      readOnly: false,
      storage: presign ? { blockstore_type: 'azure', pre_sign_support_ui: true } : { blockstore_type: 'local', pre_sign_support_ui: false },
      ...input,
    },
  }).start();
  renderWithRouter(<UploadDialog queue={queue} onClose={onClose} />);
  await screen.findByText("Upload Objects to Branch 'main'", {}, { timeout: 5000 });
  return { onUploaded, onClose };
}

const file = (name: string, text = name) => new File([text], name, { type: 'text/plain' });

function pickFiles(files: File[]) {
  fireEvent.change(screen.getByLabelText('Files to upload', { selector: 'input' }), { target: { files } });
}

describe('UploadDialog', () => {
  it('previews destinations under the prefix and uploads each file', async () => {
    const { onUploaded } = await renderDialog();
    expect(await screen.findByText("Upload Objects to Branch 'main'")).toBeVisible();
    pickFiles([file('a.csv', 'x,y'), file('b.txt')]);
    expect(await screen.findByText('data/a.csv')).toBeVisible();
    expect(screen.getByText('data/b.txt')).toBeVisible();
    expect(screen.getByText('Files to Upload (2)')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 Files' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(uploads.map((u) => u.path).sort()).toEqual(['data/a.csv', 'data/b.txt']);
    expect(uploads.find((u) => u.path === 'data/a.csv')?.content).toBe('x,y');
    // Each destination was checked once, before its upload.
    expect(preflights.sort()).toEqual(['data/a.csv', 'data/b.txt']);
    const list = screen.getByRole('list', { name: 'Files to upload' });
    expect(within(list).getAllByText('Done')).toHaveLength(2);
    const receipt = screen.getByRole('status', { name: 'Upload finished' });
    expect(receipt.textContent).toContain('Uploaded 2 files to main');
    expect(within(receipt).getByRole('link', { name: 'review and commit them' }).getAttribute('href')).toBe('/repositories/repo/changes?ref=main');
  });

  it('uploads through a presigned address when the server offers it, then registers the object', async () => {
    presign = true;
    const { onUploaded } = await renderDialog();
    pickFiles([file('a.csv', 'x,y')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload 1 File' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(uploads).toEqual([]);
    expect(presignedPuts).toEqual([{ content: 'x,y', blobType: 'BlockBlob' }]);
    expect(linked).toEqual([
      {
        path: 'data/a.csv',
        body: {
          staging: {
            physical_address: 'https://store.example.com/ns/data/abc',
            presigned_url: 'https://store.example.com/ns/data/abc?sig=1&p=data/a.csv',
          },
          checksum: '0123abcd',
          size_bytes: 3,
          content_type: 'text/plain',
        },
      },
    ]);
  });

  it('lets the destination be changed before uploading', async () => {
    await renderDialog();
    pickFiles([file('a.csv')]);
    fireEvent.change(screen.getByLabelText('Destination Directory'), { target: { value: '\\incoming\\' } });
    expect(await screen.findByText('incoming/a.csv')).toBeVisible();
  });

  it("marks a failed file 'Upload Failed' and still reports the stored ones", async () => {
    failPath = 'data/bad.txt';
    const { onUploaded } = await renderDialog();
    pickFiles([file('good.txt'), file('bad.txt')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 Files' }));
    expect(await screen.findByText('Upload Failed')).toBeVisible();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(screen.getByText('Done')).toBeVisible();
  });

  it("cancels a running upload: it shows 'Upload Aborted'", async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/v1/repositories/:repo/branches/:branch/objects', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ path: 'data/slow.bin', path_type: 'object' }, { status: 201 });
      }),
    );
    const { onUploaded } = await renderDialog();
    pickFiles([file('slow.bin')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 File' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel data/slow.bin' }));
    expect(await screen.findByText('Upload Aborted')).toBeVisible();
    release();
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('keeps Upload disabled until a file is picked', async () => {
    await renderDialog();
    expect(((await screen.findByRole('button', { name: 'Upload 0 Files' })) as HTMLButtonElement).disabled).toBe(true);
    pickFiles([file('a.csv')]);
    expect((screen.getByRole('button', { name: 'Upload 1 File' }) as HTMLButtonElement).disabled).toBe(false);
    expect(uploads).toEqual([]);
  });

  it('sends nothing to a destination its preflight refuses, and uploads the others', async () => {
    refusedPath = 'data/secret.csv';
    const { onUploaded } = await renderDialog();
    pickFiles([file('secret.csv'), file('open.csv')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 Files' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const refused = screen.getByRole('listitem', { name: 'data/secret.csv' });
    expect(within(refused).getByText('Upload Failed')).toBeVisible();
    expect(within(refused).getByText('You are not allowed to upload to this path.')).toBeVisible();
    expect(uploads.map((u) => u.path)).toEqual(['data/open.csv']);
  });

  it('reports nothing stored when every destination is refused', async () => {
    stageAllowed = false;
    const { onUploaded } = await renderDialog();
    pickFiles([file('a.csv')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 File' }));
    expect(await screen.findByText('You are not allowed to upload to this path.')).toBeVisible();
    await screen.findByRole('button', { name: 'Close' });
    expect(uploads).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('disables upload on a read-only repository', async () => {
    await renderDialog({ readOnly: true });
    expect((await screen.findByRole('alert')).textContent).toContain('read-only');
    pickFiles([file('a.csv')]);
    expect((screen.getByRole('button', { name: 'Upload 1 File' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('removes a file before uploading', async () => {
    await renderDialog();
    pickFiles([file('a.csv'), file('b.csv')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove data/a.csv' }));
    expect(screen.queryByText('data/a.csv')).toBeNull();
    expect(screen.getByText('Files to Upload (1)')).toBeVisible();
  });

  it('queues the files of a dropped folder with their sub-paths', async () => {
    await renderDialog({ prefix: '' });
    const fileEntry = (path: string): FileSystemFileEntry =>
      ({
        isFile: true,
        isDirectory: false,
        name: path.split('/').pop() ?? path,
        fullPath: path,
        file: (ok: (f: File) => void) => ok(file(path.split('/').pop() ?? path)),
      }) as unknown as FileSystemFileEntry;
    const batches: FileSystemEntry[][] = [[fileEntry('/photos/a.png'), fileEntry('/photos/2024/b.png')], []];
    const folder = {
      isFile: false,
      isDirectory: true,
      name: 'photos',
      fullPath: '/photos',
      createReader: () => ({ readEntries: (ok: (entries: FileSystemEntry[]) => void) => ok(batches.shift() ?? []) }),
    } as unknown as FileSystemDirectoryEntry;
    const dataTransfer = {
      items: [{ kind: 'file', webkitGetAsEntry: () => folder }],
      files: [],
    };
    fireEvent.drop(await screen.findByTestId('upload-drop-zone'), { dataTransfer });
    expect(await screen.findByText('photos/a.png')).toBeVisible();
    expect(screen.getByText('photos/2024/b.png')).toBeVisible();
  });
});
