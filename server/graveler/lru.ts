/** A least-recently-used cache bounded by the total weight (bytes) of its values. */
export class LruCache<V> {
  private readonly items = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(private readonly maxWeight: number) {}

  get(key: string): V | undefined {
    const item = this.items.get(key);
    if (!item) return undefined;
    this.items.delete(key);
    this.items.set(key, item);
    return item.value;
  }

  has(key: string): boolean {
    return this.items.has(key);
  }

  set(key: string, value: V, weight: number): void {
    const old = this.items.get(key);
    if (old) {
      this.total -= old.weight;
      this.items.delete(key);
    }
    if (weight > this.maxWeight) return;
    this.items.set(key, { value, weight });
    this.total += weight;
    for (const [k, item] of this.items) {
      if (this.total <= this.maxWeight) break;
      this.items.delete(k);
      this.total -= item.weight;
    }
  }

  get weight(): number {
    return this.total;
  }

  clear(): void {
    this.items.clear();
    this.total = 0;
  }
}
