/** Saves text as a file through a Blob URL and an `a[download]` click. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves a Blob as a file through a Blob URL and an `a[download]` click. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file-name stem from a base URL: `https://sg.example.com` → `sg.example.com`. */
export function fileStem(baseUrl: string | undefined): string {
  try {
    return baseUrl ? new URL(baseUrl).host.replace(/[^\w.-]+/g, '_') : 'schema';
  } catch {
    return 'schema';
  }
}
