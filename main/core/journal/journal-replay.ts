/**
 * Reading a journal back after a crash: its records, in order, folded into what the crashed session still
 * needs (the audio final text does not cover, the final items, the committed dictation).
 */
import { readRecords, type JournalRecord, type JsonRecord } from './journal-records.ts';
import type { JournalFs } from './journal-fs.ts';
import { JournalAudioReader } from './journal-reader.ts';
import { StreamingError } from '../streaming/streaming-error.ts';
import type { TranscriptItem } from '../streaming/transcript.ts';

/** What a crashed session still needs. */
export interface RecoveredSession {
  id: string;
  config: Extract<JsonRecord, { kind: 'config' }>;
  /** Final items received before the crash, on the session timeline. */
  finalItems: TranscriptItem[];
  /** Dictation text confirmed by the last clean END-close. */
  committedText: string;
  /** Per stream: the first chunk index not covered by final text. */
  releasedBefore: number[];
  /** Audio not covered by final text, ordered by index then stream. */
  uncovered: { stream: number; index: number; samples: Int16Array }[];
  finished: boolean;
  /**
   * The end of the file was cut (a crash mid-write, a power cut leaving zeros, a damaged disk): everything
   * up to the first record that is cut short or fails authentication is recovered, nothing after it.
   */
  tailCut: boolean;
  /**
   * Reads a chunk of the authenticated prefix back from the file (the note's evidence plays a recovered
   * visit's lines from it): where each lies was noted while reading. Absent when replayed from elsewhere.
   */
  audio?: { readAudio(stream: number, index: number): Promise<Int16Array> };
}

type Folding = Omit<RecoveredSession, 'config'> & { config?: RecoveredSession['config'] };

/** Folds the authenticated records of journal `id`; `tail.cut` is read once they are all read. */
export async function replayJournal(
  id: string,
  records: AsyncIterable<JournalRecord>,
  tail: { cut: boolean },
): Promise<RecoveredSession> {
  const state: Folding = {
    id,
    finalItems: [],
    committedText: '',
    releasedBefore: [],
    uncovered: [],
    finished: false,
    tailCut: false,
  };
  for await (const record of records) {
    apply(state, record);
    // Drop covered audio as we go, so recovery memory stays near the uncovered part.
    if (record.kind === 'released')
      state.uncovered = state.uncovered.filter((c) => c.index >= (state.releasedBefore[c.stream] ?? 0));
  }
  const config = state.config;
  if (!config) throw new StreamingError('journal_corrupt', 'The journal has no session record.');
  state.tailCut = tail.cut;
  state.uncovered.sort((a, b) => a.index - b.index || a.stream - b.stream);
  config.streams.forEach((_, i) => (state.releasedBefore[i] ??= 0));
  return { ...state, config };
}

function apply(state: Folding, record: JournalRecord): void {
  switch (record.kind) {
    case 'config':
      state.config = record;
      return;
    case 'audio':
      state.uncovered.push(record);
      return;
    case 'released':
      state.releasedBefore[record.stream] = Math.max(state.releasedBefore[record.stream] ?? 0, record.before);
      return;
    case 'final':
      state.finalItems.push(record.item);
      return;
    case 'text':
      state.committedText = record.committed;
      return;
    case 'finish':
      state.finished = true;
      return;
    default:
      return assertNever(record);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled journal record ${(value as { kind?: unknown }).kind as string}`);
}

/**
 * Reads a journal back: its authenticated prefix, with `tailCut` when the rest was cut or damaged. Throws
 * `journal_missing` (no file) or `journal_corrupt` (not even its first record can be read).
 */
export async function readJournal(
  id: string,
  path: string,
  key: Buffer,
  fs: JournalFs,
): Promise<RecoveredSession> {
  const reader = await fs.openRead(path).catch((error: unknown) => {
    throw new StreamingError('journal_missing', 'This journal no longer exists.', { cause: error });
  });
  const tail = { cut: false };
  // Chunk positions only (typed arrays), never the samples: memory stays near the uncovered audio.
  const chunks = new JournalAudioReader(fs, path, key, id);
  const placed = chunks.wrote.bind(chunks);
  const audio = { readAudio: (stream: number, index: number) => chunks.read(stream, index) };
  try {
    return { ...(await replayJournal(id, readRecords(reader, key, id, tail, placed), tail)), audio };
  } finally {
    await reader.close();
  }
}
