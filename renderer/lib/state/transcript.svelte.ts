/**
 * The live transcript in the renderer: upserts by id into a time-ordered array. The array is mutated in
 * place and a version counter tells Svelte it changed, so appending one line to 10,000 costs O(1) plus
 * the windowed list's few visible rows, not a copy of the whole list.
 */
import type { TranscriptItem } from '../../../preload/contract/index.ts';

/** Time-ordered, id-indexed transcript. */
export class TranscriptModel {
  #items: TranscriptItem[] = [];
  // Not reactive on purpose: `#version` signals a whole batch at once.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #index = new Map<string, number>();
  #version = $state(0);
  /** Lowest index changed since the list last asked (positions above it are unchanged). */
  #dirtyFrom = 0;

  /** Items in time order (read inside an effect or template to track changes). */
  get items(): readonly TranscriptItem[] {
    void this.#version;
    return this.#items;
  }

  get version(): number {
    return this.#version;
  }

  get length(): number {
    void this.#version;
    return this.#items.length;
  }

  /** Applies a batch of upserts (a partial re-sent under the same id replaces the earlier text). */
  apply(batch: readonly TranscriptItem[]): void {
    let reindexFrom = Number.POSITIVE_INFINITY;
    for (const item of batch) {
      const at = this.#index.get(item.id);
      if (at !== undefined && this.#items[at]?.startMs === item.startMs) {
        this.#items[at] = item;
        this.#dirtyFrom = Math.min(this.#dirtyFrom, at);
        continue;
      }
      if (at !== undefined) {
        this.#items.splice(at, 1);
        reindexFrom = Math.min(reindexFrom, at);
      }
      const position = this.#insertionPoint(item.startMs);
      this.#items.splice(position, 0, item);
      if (position === this.#items.length - 1 && reindexFrom === Number.POSITIVE_INFINITY)
        this.#index.set(item.id, position);
      else reindexFrom = Math.min(reindexFrom, position);
    }
    for (let i = reindexFrom; i < this.#items.length; i++) this.#index.set(this.#items[i]!.id, i);
    this.#dirtyFrom = Math.min(this.#dirtyFrom, reindexFrom, this.#items.length - batch.length);
    this.#version++;
  }

  /** Replaces everything (initial load, or a new visit). */
  reset(items: readonly TranscriptItem[] = []): void {
    this.#items = [];
    this.#index.clear();
    this.#dirtyFrom = 0;
    if (items.length > 0) this.apply(items);
    else this.#version++;
  }

  /** Returns, and forgets, the lowest index changed since the last call (for incremental layout). */
  takeDirtyFrom(): number {
    const from = this.#dirtyFrom;
    this.#dirtyFrom = this.#items.length;
    return Math.max(0, from);
  }

  /** First index whose start is after `startMs` (items usually arrive in order: check the end first). */
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
