/**
 * The transcript of one visit on one session timeline. The service's item ids and offsets are per socket:
 * ids are namespaced by socket number, offsets are shifted by the socket's offset base. Replaying kept audio
 * after a drop makes the service recognise the same stretch again; such duplicates are merged here.
 */
import type { TranscriptItemFrame } from './frames.ts';

/** One item on the session timeline. */
export interface TranscriptItem {
  /** `${socket}:${service id}`: unique across the sockets of a session. */
  readonly id: string;
  readonly text: string;
  readonly speakerType: string;
  readonly locale?: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly isFinal: boolean;
}

/** What note generation takes: final items, sorted, on the session timeline. */
export interface FinalTranscriptItem {
  text: string;
  speaker_type: string;
  start_offset_ms: number;
  end_offset_ms: number;
}

/** What an upsert did. */
export type UpsertResult =
  { kind: 'added' | 'updated' | 'finalized'; item: TranscriptItem } | { kind: 'duplicate' | 'ignored' };

/** Default tolerance for "the same stretch recognised again". */
const DUPLICATE_TOLERANCE_MS = 400;

/** Upserts partials by id, keeps finals, merges replay duplicates, orders by session-timeline offset. */
export class Transcript {
  readonly #items = new Map<string, TranscriptItem>();
  /** Ids whose final form turned out to be a duplicate: later frames under them are ignored. */
  readonly #duplicates = new Set<string>();
  readonly #toleranceMs: number;

  constructor(options: { toleranceMs?: number; initial?: readonly TranscriptItem[] } = {}) {
    this.#toleranceMs = options.toleranceMs ?? DUPLICATE_TOLERANCE_MS;
    // Items of an earlier run of the visit (a recovered journal) came from sockets whose numbers the new run
    // reuses: re-key them so the replay of their audio is recognised as a duplicate, not as the same socket.
    for (const item of options.initial ?? [])
      this.#items.set(`r-${item.id}`, { ...item, id: `r-${item.id}` });
  }

  /** Applies one TRANSCRIPT_ITEM received on socket `socket` whose offsets start at `baseMs`. */
  upsert(socket: number, baseMs: number, frame: TranscriptItemFrame): UpsertResult {
    const id = `${socket}:${frame.id}`;
    if (this.#duplicates.has(id)) return { kind: 'ignored' };
    const existing = this.#items.get(id);
    // A final item is final: a late re-send under the same id changes nothing.
    if (existing?.isFinal) return { kind: 'ignored' };
    const item: TranscriptItem = {
      id,
      text: frame.text,
      speakerType: frame.speaker_type ?? 'UNSPECIFIED',
      locale: frame.locale,
      startMs: baseMs + frame.start_offset_ms,
      endMs: baseMs + Math.max(frame.start_offset_ms, frame.end_offset_ms),
      isFinal: frame.is_final,
    };
    if (this.#findTwin(item, socket)) {
      // The same stretch was already final from an earlier socket: the replay's version must not show twice.
      if (existing) this.#items.delete(id);
      if (item.isFinal) this.#duplicates.add(id);
      return { kind: 'duplicate' };
    }
    this.#items.set(id, item);
    return { kind: item.isFinal ? 'finalized' : existing ? 'updated' : 'added', item };
  }

  /** Drops the partials of a socket that ended: they will never become final there. */
  dropPartials(socket: number): void {
    const prefix = `${socket}:`;
    for (const [id, item] of this.#items) if (!item.isFinal && id.startsWith(prefix)) this.#items.delete(id);
  }

  /** Every item (partials included), ordered on the session timeline. */
  items(): TranscriptItem[] {
    return [...this.#items.values()].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  }

  /** Only final items, in the shape note generation takes. */
  finalItems(): FinalTranscriptItem[] {
    return this.items()
      .filter((item) => item.isFinal)
      .map((item) => ({
        text: item.text,
        speaker_type: item.speakerType,
        start_offset_ms: item.startMs,
        end_offset_ms: item.endMs,
      }));
  }

  /**
   * A final item of an earlier socket that this one repeats, same speaker: the replay recognised audio that
   * was already final. Either the whole sentence again or, when the replay began inside it, its tail: both
   * lie within the earlier item and end where it ends. Other speech near it is not a repeat: a short reply
   * just after it (its middle lies outside) or an utterance inside a long one that ends elsewhere.
   */
  #findTwin(item: TranscriptItem, socket: number): TranscriptItem | undefined {
    const prefix = `${socket}:`;
    const tolerance = this.#toleranceMs;
    const middle = (item.startMs + item.endMs) / 2;
    for (const other of this.#items.values()) {
      if (!other.isFinal || other.id.startsWith(prefix)) continue;
      if (other.speakerType !== item.speakerType && item.isFinal) continue;
      const within =
        item.startMs >= other.startMs - tolerance &&
        item.endMs <= other.endMs + tolerance &&
        middle >= other.startMs &&
        middle <= other.endMs;
      // A partial's end still grows: only a final must end where the other ends.
      if (within && (!item.isFinal || Math.abs(item.endMs - other.endMs) <= tolerance)) return other;
    }
    return undefined;
  }
}
