/**
 * The local service's "speech recognition": it locates every received 100 ms chunk inside the fixture
 * recordings (exact match at a 1600-sample boundary, which holds because the client sends the file's
 * samples unaltered) and reports a sentence only once all of its samples arrived on this socket, in order.
 * Audio that begins inside a sentence (a socket whose replay starts mid-sentence, the audio after a lost or
 * altered chunk) is transcribed as a real recogniser would: the words of the part that arrived, a fragment
 * reported as an item of its own. So a lost, duplicated, reordered or altered chunk shows up as a missing,
 * repeated or fragmented sentence, and audio that matches no fixture (a live microphone, noise) yields no
 * text at all.
 */
import { createHash } from 'node:crypto';
import type { FixtureRecording, FixtureSentence } from './fixtures.ts';

/** 100 ms at 16 kHz: the chunk size clients send and the grid the fixtures are indexed on. */
const CHUNK_SAMPLES = 1600;

/** One sentence occurrence recognised on a track, partial or final. */
export interface RecognizedSegment {
  /** Same for the partial and the final of one occurrence; differs for a repeated occurrence. */
  readonly key: string;
  /** Spoken words (dictation: punctuation still spelled out). Partials carry a prefix. */
  readonly text: string;
  /** What a first recognition pass heard, when a scripted mishearing applies (final segments only). */
  readonly firstPass?: string;
  readonly speaker?: 'DOCTOR' | 'PATIENT';
  readonly locale?: string;
  /** Sample offsets counted from the first sample received on this track (this socket, this stream). */
  readonly startSample: number;
  readonly endSample: number;
  readonly isFinal: boolean;
}

/** Recognition state of one stream on one socket; dropped with the socket. */
export interface RecognitionTrack {
  /** Adds one received chunk, in arrival order. */
  push(samples: Int16Array): void;
  /** Segments not reported before whose audio lies within the first `chunkCount` pushed chunks. */
  collect(chunkCount: number): RecognizedSegment[];
}

/** What the streaming service needs from a recognizer. */
export interface Recognizer {
  openTrack(): RecognitionTrack;
}

/** A scripted recognition error that an asynchronous correction later fixes, e.g. a drug name. */
export interface Mishearing {
  /** The words actually spoken, as in the manifest (case-insensitive). */
  readonly phrase: string;
  /** What the first pass outputs instead. */
  readonly heard: string;
}

export interface FixtureRecognizerOptions {
  readonly fixtures: readonly FixtureRecording[];
  readonly mishearings?: readonly Mishearing[];
  /** Share of a sentence that must have arrived before a partial is sent (default 0.5). */
  readonly partialShare?: number;
}

interface Position {
  readonly rec: number;
  readonly chunk: number;
}

/** A stretch of received chunks that continues one recording without a break. */
interface Run {
  readonly id: number;
  readonly rec: number;
  firstChunk: number;
  firstIndex: number;
  socketStart: number;
  count: number;
}

interface Received {
  readonly start: number;
  readonly candidates: readonly Position[];
  run?: Run;
}

function digest(samples: Int16Array): string {
  return createHash('sha1')
    .update(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength))
    .digest('base64');
}

/** Builds a recognizer over the given recordings. */
export function createFixtureRecognizer(options: FixtureRecognizerOptions): Recognizer {
  const index = new Map<string, Position[]>();
  const add = (key: string, pos: Position): void => {
    const list = index.get(key);
    if (list) list.push(pos);
    else index.set(key, [pos]);
  };
  options.fixtures.forEach((recording, rec) => {
    const total = recording.samples.length;
    for (let chunk = 0; chunk * CHUNK_SAMPLES < total; chunk++) {
      const slice = recording.samples.subarray(
        chunk * CHUNK_SAMPLES,
        Math.min(total, (chunk + 1) * CHUNK_SAMPLES),
      );
      add(digest(slice), { rec, chunk });
      if (slice.length < CHUNK_SAMPLES) {
        // The file's last chunk may arrive short or zero-padded to a full chunk, depending on the chunker.
        const padded = new Int16Array(CHUNK_SAMPLES);
        padded.set(slice);
        add(digest(padded), { rec, chunk });
      }
    }
  });
  const lookup = (samples: Int16Array): readonly Position[] => index.get(digest(samples)) ?? [];
  return { openTrack: () => new FixtureTrack(options, lookup) };
}

class FixtureTrack implements RecognitionTrack {
  private readonly chunks: Received[] = [];
  private readonly runs: Run[] = [];
  private readonly reported = new Map<string, 'partial' | 'final'>();
  private receivedSamples = 0;

  constructor(
    private readonly options: FixtureRecognizerOptions,
    private readonly lookup: (samples: Int16Array) => readonly Position[],
  ) {}

  push(samples: Int16Array): void {
    const candidates = this.lookup(samples);
    const chunk: Received = { start: this.receivedSamples, candidates };
    const index = this.chunks.length;
    this.chunks.push(chunk);
    this.receivedSamples += samples.length;

    const prevRun = this.chunks[index - 1]?.run;
    const next =
      prevRun &&
      candidates.find((p) => p.rec === prevRun.rec && p.chunk === prevRun.firstChunk + prevRun.count);
    if (prevRun && next) {
      prevRun.count++;
      chunk.run = prevRun;
    } else if (candidates.length === 1) {
      const pos = candidates[0]!;
      const run: Run = {
        id: this.runs.length,
        rec: pos.rec,
        firstChunk: pos.chunk,
        firstIndex: index,
        socketStart: chunk.start,
        count: 1,
      };
      this.runs.push(run);
      chunk.run = run;
      this.backfill(run);
    }
    // Otherwise the chunk is ambiguous (silence found in many places) or unknown; an ambiguous chunk is
    // placed later if the chunk after it is located (backfill).
  }

  /** Extends a new run backwards over preceding ambiguous chunks that fit right before it. */
  private backfill(run: Run): void {
    for (let i = run.firstIndex - 1; i >= 0 && run.firstChunk > 0; i--) {
      const chunk = this.chunks[i]!;
      if (chunk.run || !chunk.candidates.some((p) => p.rec === run.rec && p.chunk === run.firstChunk - 1))
        return;
      chunk.run = run;
      run.firstChunk--;
      run.firstIndex = i;
      run.socketStart = chunk.start;
      run.count++;
    }
  }

  collect(chunkCount: number): RecognizedSegment[] {
    const out: RecognizedSegment[] = [];
    for (const run of this.runs) {
      const available = Math.min(run.count, chunkCount - run.firstIndex);
      if (available <= 0) continue;
      const recording = this.options.fixtures[run.rec]!;
      const from = run.firstChunk * CHUNK_SAMPLES;
      const to = Math.min(recording.samples.length, (run.firstChunk + available) * CHUNK_SAMPLES);
      recording.sentences.forEach((whole, n) => {
        const sentence = heardFrom(whole, from);
        if (!sentence) return;
        out.push(...this.segmentsFor(`${run.id}:${n}`, sentence, to, (s) => run.socketStart + s - from));
      });
    }
    return out.sort((a, b) => a.startSample - b.startSample);
  }

  private segmentsFor(
    key: string,
    sentence: FixtureSentence,
    arrivedTo: number,
    toSocket: (s: number) => number,
  ): RecognizedSegment[] {
    const state = this.reported.get(key);
    if (state === 'final') return [];
    const length = sentence.endSample - sentence.startSample;
    const arrived = Math.min(arrivedTo, sentence.endSample) - sentence.startSample;
    const share = this.options.partialShare ?? 0.5;
    const complete = arrived >= length;
    if (!complete && (state === 'partial' || arrived < share * length)) return [];
    const base = {
      key,
      ...(sentence.speaker ? { speaker: sentence.speaker } : {}),
      ...(sentence.locale ? { locale: sentence.locale } : {}),
      startSample: toSocket(sentence.startSample),
    };
    const segments: RecognizedSegment[] = [];
    if (state === undefined) {
      // A partial always comes first, as the real service re-sends an item under one id until final.
      const partialTo = sentence.startSample + (complete ? Math.floor(length / 2) : arrived);
      const text = wordPrefix(sentence.text, (partialTo - sentence.startSample) / length);
      segments.push({ ...base, text, endSample: toSocket(partialTo), isFinal: false });
      this.reported.set(key, 'partial');
    }
    if (complete) {
      const firstPass = misheard(sentence.text, this.options.mishearings ?? []);
      segments.push({
        ...base,
        text: sentence.text,
        ...(firstPass === undefined ? {} : { firstPass }),
        endSample: toSocket(sentence.endSample),
        isFinal: true,
      });
      this.reported.set(key, 'final');
    }
    return segments;
  }
}

/**
 * What can be heard of a sentence in audio that starts at sample `from`: all of it, its tail (the last words
 * in proportion to the part after `from`, a word counting as heard when most of it arrived), or nothing.
 */
function heardFrom(sentence: FixtureSentence, from: number): FixtureSentence | undefined {
  if (sentence.startSample >= from) return sentence;
  if (sentence.endSample <= from) return undefined;
  const words = sentence.text.split(/\s+/);
  const heard = Math.round(
    (words.length * (sentence.endSample - from)) / (sentence.endSample - sentence.startSample),
  );
  if (heard === 0) return undefined;
  if (heard === words.length) return sentence;
  return { ...sentence, text: words.slice(-heard).join(' '), startSample: from };
}

/** The first words of `text`, about `share` of them, at least one and never all (unless only one). */
function wordPrefix(text: string, share: number): string {
  const words = text.split(/\s+/);
  const n = Math.min(Math.max(1, Math.floor(words.length * share)), Math.max(1, words.length - 1));
  return words.slice(0, n).join(' ');
}

/** The text with the first scripted mishearing that applies, or undefined when none does. */
function misheard(text: string, mishearings: readonly Mishearing[]): string | undefined {
  for (const m of mishearings) {
    const at = text.toLowerCase().search(new RegExp(`\\b${escapeRegExp(m.phrase.toLowerCase())}\\b`));
    if (at >= 0) return text.slice(0, at) + m.heard + text.slice(at + m.phrase.length);
  }
  return undefined;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
