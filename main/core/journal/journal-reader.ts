/**
 * Reading audio back from a journal (a replay after a drop, when the chunk is no longer in memory; a line
 * the Note screen plays, of a live or a recovered visit): where each written chunk lies, noted as it was
 * written or as a recovery read it, and opening its record there.
 */
import { ChunkIndex } from './chunk-index.ts';
import type { JournalFs } from './journal-fs.ts';
import { openRecord, readRecordAt } from './journal-records.ts';
import { StreamingError } from '../streaming/streaming-error.ts';

/** The audio chunks written to one journal file. */
export class JournalAudioReader {
  readonly #chunks: ChunkIndex[] = [];

  constructor(
    private readonly fs: JournalFs,
    private readonly path: string,
    private readonly key: Buffer,
    private readonly id: string,
  ) {}

  /** Chunk `index` of `stream` is on disk at `position`, sealed with sequence number `seq`. */
  wrote(stream: number, index: number, position: number, seq: number): void {
    (this.#chunks[stream] ??= new ChunkIndex()).set(index, position, seq);
  }

  /** The samples of a written chunk; journal_missing when it was never written, journal_corrupt. */
  async read(stream: number, index: number): Promise<Int16Array> {
    const at = this.#chunks[stream]?.get(index);
    if (!at)
      throw new StreamingError(
        'journal_missing',
        `Chunk ${index} of stream ${stream} is not in the journal.`,
      );
    const reader = await this.fs.openRead(this.path);
    try {
      const record = await readRecordAt(reader, at.position);
      if (!record) throw new StreamingError('journal_corrupt', 'A journaled chunk is cut short.');
      const opened = openRecord(this.key, this.id, at.seq, record.sealed);
      if (opened.kind !== 'audio' || opened.stream !== stream || opened.index !== index) {
        throw new StreamingError('journal_corrupt', 'A journaled chunk is not where it was written.');
      }
      return opened.samples;
    } finally {
      await reader.close();
    }
  }
}
