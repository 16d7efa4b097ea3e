/**
 * A least-recently-used cache, bounded by entry count and by size: the key's length plus the
 * value's size (`sizeOf`; for strings their length, about their bytes for the ASCII JSON the
 * sandbox caches). An entry larger than the whole budget is never stored.
 */
export class BoundedCache<V = string> {
  private entries = new Map<string, V>();
  private used = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number = (value) => String(value).length,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const cost = key.length + this.sizeOf(value);
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
    this.used -= key.length + this.sizeOf(value);
  }
}
