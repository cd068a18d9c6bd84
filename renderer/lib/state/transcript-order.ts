/**
 * The live transcript's ordering, as plain logic (no runes, so it is unit-tested under Node): items kept
 * in start-time order and upserted by id. The common case — a line at the end, or a partial replaced in
 * place — costs O(1); a late line costs one splice. The id → position index is repaired lazily: a splice
 * only lowers `#validBelow`, and the first lookup that finds a stale entry reindexes from there once, so
 * a batch of late lines reindexes once, not once per line (and never reads a stale position).
 */

/** What the ordering needs of an item. */
export interface Ordered {
  readonly id: string;
  readonly startMs: number;
}

/** Time-ordered, id-indexed items, mutated in place. */
export class TranscriptOrder<T extends Ordered> {
  readonly #items: T[] = [];
  readonly #index = new Map<string, number>();
  /** Every item at a position below this has its correct position in `#index`. */
  #validBelow = 0;
  /** Lowest position changed since `takeDirtyFrom` (positions below it hold the same items). */
  #dirtyFrom = 0;

  /** The items in time order (the live array: read it, never change it). */
  get items(): readonly T[] {
    return this.#items;
  }

  /** Upserts each item in turn: a re-sent id replaces its earlier version, moving it if its start changed. */
  apply(batch: readonly T[]): void {
    const items = this.#items;
    for (const item of batch) {
      const at = this.#find(item.id);
      if (at !== undefined && this.#fits(at, item.startMs)) {
        items[at] = item;
        this.#touch(at);
        continue;
      }
      if (at !== undefined) {
        items.splice(at, 1);
        this.#shifted(at);
      }
      const position = this.#insertionPoint(item.startMs);
      if (position === items.length) {
        items.push(item);
        this.#index.set(item.id, position);
        if (this.#validBelow === position) this.#validBelow++;
        this.#touch(position);
      } else {
        items.splice(position, 0, item);
        this.#index.set(item.id, position);
        this.#shifted(position);
      }
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.#items.length = 0;
    this.#index.clear();
    this.#validBelow = 0;
    this.#dirtyFrom = 0;
  }

  /** Returns, and forgets, the lowest position changed since the last call (for incremental layout). */
  takeDirtyFrom(): number {
    const from = Math.min(this.#dirtyFrom, this.#items.length);
    this.#dirtyFrom = this.#items.length;
    return from;
  }

  /** Position of `id`, or undefined for an id never seen. */
  #find(id: string): number | undefined {
    const at = this.#index.get(id);
    if (at === undefined || at < this.#validBelow || this.#items[at]?.id === id) return at;
    // A splice since this entry was written moved the item: repair the index once, from the first move.
    for (let i = this.#validBelow; i < this.#items.length; i++) this.#index.set(this.#items[i]!.id, i);
    this.#validBelow = this.#items.length;
    return this.#index.get(id);
  }

  /** Whether a new start time keeps the item at `at` in order (then it is replaced in place). */
  #fits(at: number, startMs: number): boolean {
    const before = this.#items[at - 1];
    const after = this.#items[at + 1];
    if (this.#items[at]!.startMs === startMs) return true;
    return (!before || before.startMs <= startMs) && (!after || startMs < after.startMs);
  }

  #touch(position: number): void {
    if (position < this.#dirtyFrom) this.#dirtyFrom = position;
  }

  /** Items from `position` on moved: their index entries may be stale. */
  #shifted(position: number): void {
    this.#touch(position);
    if (position < this.#validBelow) this.#validBelow = position;
  }

  /** First position whose start is after `startMs` (items usually arrive in order: check the end first). */
  #insertionPoint(startMs: number): number {
    const items = this.#items;
    const last = items[items.length - 1];
    if (!last || last.startMs <= startMs) return items.length;
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (items[mid]!.startMs <= startMs) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
