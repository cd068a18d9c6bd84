/**
 * The visit transcript in the main process: items upserted by id (a partial is re-sent under the same id
 * until final), kept in time order, with a batch of changes waiting to be pushed to the renderer. Batching
 * keeps IPC to a few messages a second however fast items arrive.
 */
import type { TranscriptItem } from '../../../preload/contract/index.ts';
import type { FinalTranscriptItem } from '../../core/streaming/transcript.ts';

/** Upsert-by-id transcript with a pending batch for the renderer. */
export class TranscriptStore {
  readonly #byId = new Map<string, TranscriptItem>();
  #pending = new Map<string, TranscriptItem>();

  /** Applies one item; a final item is never downgraded by a late partial of the same id. */
  upsert(item: TranscriptItem): void {
    const existing = this.#byId.get(item.id);
    if (existing?.final && !item.final) return;
    // Kept as it came, unless its times need repair (the contract has no negative or backwards times).
    const next =
      item.startMs >= 0 && item.endMs >= item.startMs
        ? item
        : { ...item, startMs: Math.max(0, item.startMs), endMs: Math.max(0, item.endMs, item.startMs) };
    this.#byId.set(item.id, next);
    this.#pending.set(item.id, next);
  }

  /** Every item, sorted by start time (items may arrive out of order). */
  all(): TranscriptItem[] {
    return [...this.#byId.values()].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  }

  /**
   * Final items in time order, shaped for note generation: empty ones left out, times in whole ms. With
   * `verbatim`, every final item as the session sent it (empty ones kept, times unrounded), as the
   * streaming session's own finalItems(): what `scribe transcribe` prints.
   */
  finalInputs(options: { verbatim?: boolean } = {}): FinalTranscriptItem[] {
    const time = options.verbatim ? (ms: number) => ms : Math.round;
    return this.all()
      .filter((item) => item.final && (options.verbatim || item.text.trim().length > 0))
      .map((item) => ({
        text: item.text,
        speaker_type: item.speaker,
        start_offset_ms: time(item.startMs),
        end_offset_ms: time(item.endMs),
      }));
  }

  get finalCount(): number {
    let n = 0;
    for (const item of this.#byId.values()) if (item.final) n++;
    return n;
  }

  /** Takes the changes since the last call (empty when nothing changed). */
  takePending(): TranscriptItem[] {
    if (this.#pending.size === 0) return [];
    const batch = [...this.#pending.values()];
    this.#pending = new Map();
    return batch;
  }

  clear(): void {
    this.#byId.clear();
    this.#pending = new Map();
  }
}
