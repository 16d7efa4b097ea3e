/** A file-name stem from a base URL: `https://sg.example.com` → `sg.example.com`. */
export function fileStem(baseUrl: string | undefined): string {
  try {
    return baseUrl ? new URL(baseUrl).host.replace(/[^\w.-]+/g, '_') : 'schema';
  } catch {
    return 'schema';
  }
}
