// Turning what the user picked or dropped into queue entries, keeping each file's path relative to the pick.
import type { PickedFile } from '../../machines/upload-queue';

/** Files from a file input; a folder pick (webkitdirectory) gives each file its path inside the folder. */
export function filesFromInput(files: FileList | readonly File[] | null): PickedFile[] {
  return Array.from(files ?? []).map((file) => ({ file, relativePath: file.webkitRelativePath || file.name }));
}

/**
 * The entries of a drop. They must be taken while the drop event is being handled: the browser empties the
 * DataTransfer afterwards. Without entry support, the plain file list is used (folders are then skipped).
 */
export function takeDroppedEntries(data: DataTransfer): { entries: FileSystemEntry[]; files: File[] } {
  const entries: FileSystemEntry[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
  }
  return { entries, files: entries.length > 0 ? [] : Array.from(data.files ?? []) };
}

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** A directory reader hands out its children in batches until it returns an empty one. */
async function childrenOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

/** Every file under the dropped entries, folders walked recursively, with paths relative to the drop. */
export async function filesFromEntries(entries: readonly FileSystemEntry[]): Promise<PickedFile[]> {
  const picked: PickedFile[] = [];
  const visit = async (entry: FileSystemEntry): Promise<void> => {
    if (isFile(entry)) {
      picked.push({ file: await fileOf(entry), relativePath: entry.fullPath.replace(/^\/+/, '') || entry.name });
    } else if (isDirectory(entry)) {
      for (const child of await childrenOf(entry)) await visit(child);
    }
  };
  for (const entry of entries) await visit(entry);
  return picked;
}
