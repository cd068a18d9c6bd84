/**
 * The live transcript in the renderer: upserts by id into a time-ordered array (transcript-order.ts). The
 * array is mutated in place and a version counter tells Svelte it changed, so appending one line to 10,000
 * costs O(1) plus the windowed list's few visible rows, not a copy of the whole list.
 */
import type { TranscriptItem } from '../../../preload/contract/index.ts';
import { TranscriptOrder } from './transcript-order.ts';

/** Time-ordered, id-indexed transcript. */
export class TranscriptModel {
  readonly #order = new TranscriptOrder<TranscriptItem>();
  #version = $state(0);

  /** Items in time order (read inside an effect or template to track changes). */
  get items(): readonly TranscriptItem[] {
    void this.#version;
    return this.#order.items;
  }

  get version(): number {
    return this.#version;
  }

  get length(): number {
    void this.#version;
    return this.#order.items.length;
  }

  /** Applies a batch of upserts (a partial re-sent under the same id replaces the earlier text). */
  apply(batch: readonly TranscriptItem[]): void {
    this.#order.apply(batch);
    this.#version++;
  }

  /** Replaces everything (initial load, or a new visit). */
  reset(items: readonly TranscriptItem[] = []): void {
    this.#order.clear();
    this.#order.apply(items);
    this.#version++;
  }

  /** Returns, and forgets, the lowest index changed since the last call (for incremental layout). */
  takeDirtyFrom(): number {
    return this.#order.takeDirtyFrom();
  }
}
