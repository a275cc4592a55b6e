/** Starts a download of a blob under `fileName` (a temporary link, clicked, then let go). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started reading the URL by now; a later revoke keeps memory from piling up.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `photo.jpg` -> `photo`; a name with no extension stays as it is. */
export function baseName(fileName: string): string {
  return fileName.replace(/\.[^./\\]+$/, '') || fileName;
}
