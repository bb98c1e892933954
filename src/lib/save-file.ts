// Hands bytes made in the browser (an export) to the user as a downloaded file.

/** Starts the browser's download of `file` under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has taken the address by the next task; keeping it would hold the bytes for the page's life.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
