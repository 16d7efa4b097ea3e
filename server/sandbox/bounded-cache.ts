/**
 * A least-recently-used cache of strings, bounded by entry count and by size (the lengths of
 * keys and values, about their bytes for the ASCII JSON the sandbox caches). An entry larger
 * than the whole budget is never stored.
 */
export class BoundedCache {
  private entries = new Map<string, string>();
  private used = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    this.delete(key);
    const cost = key.length + value.length;
    if (cost > this.maxBytes) return;
    this.entries.set(key, value);
    this.used += cost;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.used <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.used -= key.length + value.length;
  }
}
