/**
 * Header names kept, values emptied. Text that is not a JSON object is dropped: it cannot be
 * redacted safely.
 */
export function redactHeaderValues(headers: string): string {
  if (!headers.trim()) return '';
  try {
    const parsed: unknown = JSON.parse(headers);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '';
    return JSON.stringify(Object.fromEntries(Object.keys(parsed).map((k) => [k, ''])), null, 2);
  } catch {
    return '';
  }
}
