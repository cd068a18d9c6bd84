/**
 * Fixture recordings the local service "recognises": 16 kHz mono PCM_S16LE audio plus, per sentence, its
 * text, speaker and sample range. Loaded from a manifest.json (the format written by
 * test/fixtures/make-fixtures.ts), validated here with our own schema so the service stands alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** One sentence inside a recording. Samples are counted from the recording's first sample. */
export interface FixtureSentence {
  /** The words as spoken; for dictation the punctuation words are still spelled out. */
  readonly text: string;
  readonly speaker?: 'DOCTOR' | 'PATIENT';
  /** Speech locale of the sentence, when the manifest says (defaults to the socket's first locale). */
  readonly locale?: string;
  /** First sample (inclusive). */
  readonly startSample: number;
  /** Sample after the last one (exclusive). */
  readonly endSample: number;
}

/** A recording the recognizer can locate chunks in. */
export interface FixtureRecording {
  /** File name or any label; never shown to a client. */
  readonly name: string;
  readonly samples: Int16Array;
  readonly sentences: readonly FixtureSentence[];
}

const SentenceSchema = z
  .object({
    text: z.string().min(1),
    speaker: z.enum(['DOCTOR', 'PATIENT']).optional(),
    locale: z.string().optional(),
    startSample: z.number().int().nonnegative(),
    endSample: z.number().int().positive(),
  })
  .refine((s) => s.endSample > s.startSample, 'endSample must follow startSample');

const ManifestSchema = z.object({
  sampleRate: z.literal(16_000),
  encoding: z.literal('PCM_S16LE'),
  fixtures: z
    .array(
      z.object({
        file: z.string().regex(/^[\w.-]+\.wav$/),
        sentences: z.array(SentenceSchema),
      }),
    )
    .min(1),
});

/** Reads manifest.json in `dir` and every WAV it lists. Throws when a file is missing or malformed. */
export function loadFixtureManifest(dir: string): FixtureRecording[] {
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
  return manifest.fixtures.map((f) => {
    const samples = decodeWav16(readFileSync(join(dir, f.file)));
    for (const s of f.sentences) {
      if (s.endSample > samples.length)
        throw new Error(`fixture ${f.file}: sentence beyond the end of the file`);
    }
    return { name: f.file, samples, sentences: f.sentences };
  });
}

/**
 * Decodes a PCM WAV that must be 16 kHz, mono, 16-bit. Walks the RIFF chunks rather than assuming a
 * 44-byte header, so a WAV written by another tool (with LIST chunks) still loads.
 */
export function decodeWav16(bytes: Buffer): Int16Array {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let offset = 12;
  let formatOk = false;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = bytes.readUInt16LE(body);
      const channels = bytes.readUInt16LE(body + 2);
      const rate = bytes.readUInt32LE(body + 4);
      const bits = bytes.readUInt16LE(body + 14);
      formatOk = format === 1 && channels === 1 && rate === 16_000 && bits === 16;
      if (!formatOk) throw new Error('fixture WAV must be PCM 16 kHz mono 16-bit');
    } else if (id === 'data') {
      if (!formatOk) throw new Error('WAV data before its format');
      const end = Math.min(bytes.length, body + size);
      const copy = new Uint8Array(end - body);
      copy.set(bytes.subarray(body, end));
      return new Int16Array(copy.buffer, 0, Math.floor(copy.byteLength / 2));
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}
