/**
 * The journal's record format. A journal file is a sequence of records `u32 length | sealed`, where
 * `sealed` is AES-256-GCM (main/base/secrets/aes-gcm.ts) over `kind | body` with the journal id and the record's
 * sequence number as associated data: a record changed, moved, dropped from the middle or copied from another
 * journal fails authentication. Reading stops at the first record that is cut short or fails (a crash
 * mid-write, a zero-filled tail after a power cut): everything before it stands, and the reader says the end
 * was cut.
 */
import { z } from 'zod';
import type { KeyObject } from 'node:crypto';
import { decrypt, sealParts, type IvCounter } from '../../base/secrets/aes-gcm.ts';
import { CHUNK_SAMPLES } from '../audio/audio-source.ts';
import { StreamingError } from '../streaming/streaming-error.ts';
import type { JournalReader } from './journal-fs.ts';

const KIND_JSON = 1;
const KIND_AUDIO = 2;
/** Upper bound of one record, to reject garbage lengths before allocating. */
const MAX_RECORD_BYTES = 1 << 20;

const TranscriptItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  speakerType: z.string(),
  locale: z.string().optional(),
  startMs: z.number(),
  endMs: z.number(),
  isFinal: z.boolean(),
});

/** What a session journals besides audio. The config never carries a token. */
const JsonRecordSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('config'),
    session: z.enum(['transcribe', 'dictate']),
    /** The session configuration as the caller described it (locales, streams, dictation settings). */
    settings: z.record(z.string(), z.unknown()),
    streams: z.array(z.string()).min(1),
    createdAt: z.number(),
    /** Whose journal it is (journal-owner.ts), when a clinician was signed in. */
    owner: z.string().optional(),
  }),
  z.object({
    kind: z.literal('released'),
    stream: z.number().int().nonnegative(),
    before: z.number().int().nonnegative(),
  }),
  z.object({ kind: z.literal('final'), item: TranscriptItemSchema }),
  z.object({ kind: z.literal('text'), committed: z.string() }),
  z.object({ kind: z.literal('finish') }),
]);
export type JsonRecord = z.infer<typeof JsonRecordSchema>;

/** A decoded record. */
export type JournalRecord =
  JsonRecord | { kind: 'audio'; stream: number; index: number; samples: Int16Array };

function aad(journalId: string, seq: number): Buffer {
  return Buffer.from(`scribe-journal-v1:${journalId}:${seq}`, 'utf8');
}

/** Where a record is sealed: the journal's key, id, the record's sequence number and the writer's IVs. */
export interface SealAt {
  key: KeyObject;
  journalId: string;
  seq: number;
  ivs: IvCounter;
}

/** Seals one JSON record. */
export function sealJson(at: SealAt, record: JsonRecord): Buffer {
  const body = Buffer.from(JSON.stringify(record), 'utf8');
  return framed(at, [KIND_JSON_BYTE, body]);
}

/** Seals one audio chunk. */
export function sealAudio(at: SealAt, stream: number, index: number, samples: Int16Array): Buffer {
  const header = Buffer.allocUnsafe(6);
  header.writeUInt8(KIND_AUDIO, 0);
  header.writeUInt8(stream, 1);
  header.writeUInt32BE(index, 2);
  const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return framed(at, [header, pcm]);
}

const KIND_JSON_BYTE = Buffer.from([KIND_JSON]);

/** `u32 length | sealed(parts)` in one buffer. */
function framed(at: SealAt, parts: Uint8Array[]): Buffer {
  const record = sealParts(at.key, parts, aad(at.journalId, at.seq), 4, at.ivs);
  record.writeUInt32BE(record.length - 4, 0);
  return record;
}

/** Opens one sealed record (without its length prefix). Throws `journal_corrupt` when it is not authentic. */
export function openRecord(
  key: Uint8Array,
  journalId: string,
  seq: number,
  sealed: Uint8Array,
): JournalRecord {
  const plain = decrypt(key, sealed, aad(journalId, seq));
  if (!plain || plain.length < 1) throw corrupt(seq);
  if (plain[0] === KIND_AUDIO) {
    if (plain.length !== 6 + CHUNK_SAMPLES * 2) throw corrupt(seq);
    const samples = new Int16Array(CHUNK_SAMPLES);
    Buffer.from(samples.buffer).set(plain.subarray(6));
    return { kind: 'audio', stream: plain.readUInt8(1), index: plain.readUInt32BE(2), samples };
  }
  if (plain[0] !== KIND_JSON) throw corrupt(seq);
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain.subarray(1).toString('utf8'));
  } catch {
    throw corrupt(seq);
  }
  const result = JsonRecordSchema.safeParse(parsed);
  if (!result.success) throw corrupt(seq);
  return result.data;
}

function corrupt(seq: number): StreamingError {
  return new StreamingError('journal_corrupt', `Journal record ${seq} failed its integrity check.`);
}

/** Reads one record at `position`; undefined at the end or at a torn tail. */
export async function readRecordAt(
  reader: JournalReader,
  position: number,
): Promise<{ sealed: Buffer; next: number } | undefined> {
  if (position + 4 > reader.size) return undefined;
  const head = await reader.read(position, 4);
  if (head.length < 4) return undefined;
  const length = head.readUInt32BE(0);
  if (length > MAX_RECORD_BYTES)
    throw new StreamingError('journal_corrupt', 'A journal record has an impossible length.');
  if (position + 4 + length > reader.size) return undefined;
  const sealed = await reader.read(position + 4, length);
  return sealed.length === length ? { sealed, next: position + 4 + length } : undefined;
}

/** Where an authenticated audio record lies in the file, and the sequence number it was sealed with. */
export type AudioPlaced = (stream: number, index: number, position: number, seq: number) => void;

/**
 * Reads every record in order (streaming, bounded memory): the authenticated prefix. Stops at the first
 * record that is cut short, has an impossible length or fails authentication (a torn write, zeros a power cut
 * left, damage), and says so in `tail.cut`; everything before it stands. `placed` learns where each audio
 * record of that prefix lies (to read it back later, as the live journal does).
 */
export async function* readRecords(
  reader: JournalReader,
  key: Uint8Array,
  journalId: string,
  tail: { cut: boolean } = { cut: false },
  placed?: AudioPlaced,
): AsyncGenerator<JournalRecord> {
  let position = 0;
  for (let seq = 0; ; seq++) {
    let record: JournalRecord;
    let next: number;
    try {
      const read = await readRecordAt(reader, position);
      if (!read) {
        tail.cut = position < reader.size;
        return;
      }
      record = openRecord(key, journalId, seq, read.sealed);
      next = read.next;
    } catch (error) {
      if (!(error instanceof StreamingError) || error.code !== 'journal_corrupt') throw error;
      tail.cut = true;
      return;
    }
    if (record.kind === 'audio') placed?.(record.stream, record.index, position, seq);
    yield record;
    position = next;
  }
}
