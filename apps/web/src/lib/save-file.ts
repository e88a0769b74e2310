/**
 * Hands a file the app fetched (a signed agreement PDF) to the browser as a download under `fileName`.
 * A blob link, because the file needs the session header and a plain link cannot send it. The link is
 * released a minute later, once the browser has taken the file.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
