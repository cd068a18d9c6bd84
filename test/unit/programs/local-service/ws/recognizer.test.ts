import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createFixtureRecognizer,
  decodeWav16,
  loadFixtureManifest,
  type FixtureRecording,
  type RecognizedSegment,
} from '../../../../../main/programs/local-service/ws/index.ts';
import { noise, syntheticRecording } from './helpers.ts';

const CH = 1600;

function feed(
  recording: FixtureRecording,
  from: number,
  to: number,
  fixtures = [recording],
  pad = false,
): RecognizedSegment[] {
  const track = createFixtureRecognizer({ fixtures }).openTrack();
  let count = 0;
  for (let i = from; i < to; i += CH) {
    const part = recording.samples.slice(i, Math.min(to, i + CH));
    if (pad && part.length < CH) {
      const full = new Int16Array(CH);
      full.set(part);
      track.push(full);
    } else track.push(part);
    count++;
  }
  return track.collect(count);
}
const finals = (segs: RecognizedSegment[]): RecognizedSegment[] => segs.filter((s) => s.isFinal);

describe('fixture recognizer', () => {
  it.each([false, true])('recognises a sentence that ends in a short last chunk (zero-padded: %s)', (pad) => {
    const samples = noise(CH * 5 + 123, 3);
    const rec: FixtureRecording = {
      name: 'tail',
      samples,
      sentences: [{ text: 'tail end', startSample: 100, endSample: samples.length }],
    };
    expect(finals(feed(rec, 0, samples.length, [rec], pad))).toMatchObject([
      { text: 'tail end', startSample: 100, endSample: samples.length },
    ]);
  });

  it('places leading silence by the first chunk it can locate', () => {
    const rec = syntheticRecording();
    // Chunks 13..16 are exact zeros, found in many places; chunk 17 fixes where they were.
    expect(finals(feed(rec, 13 * CH, rec.samples.length))).toMatchObject([
      { startSample: 27_700 - 13 * CH, speaker: 'PATIENT' },
    ]);
  });

  it('gives a partial only once half of a sentence arrived, and nothing twice', () => {
    const rec = syntheticRecording();
    const track = createFixtureRecognizer({ fixtures: [rec] }).openTrack();
    for (let i = 0; i < 40; i++) track.push(rec.samples.slice(i * CH, (i + 1) * CH));
    expect(track.collect(6)).toEqual([]); // A (chunks 2..12) about a third in
    const [partial] = track.collect(9);
    expect(partial).toMatchObject({ isFinal: false, text: 'alpha beta' });
    expect(track.collect(9)).toEqual([]);
    expect(track.collect(13).map((s) => [s.key, s.isFinal])).toEqual([[partial!.key, true]]);
  });

  it('hears the tail of a sentence whose beginning is not in the audio, as a fragment of its own', () => {
    const rec = syntheticRecording();
    // B (27700..52200, six words) from sample 40000: half of it arrived, its last three words.
    const got = feed(rec, 25 * CH, rec.samples.length);
    expect(got.map((s) => [s.text, s.isFinal, s.startSample, s.endSample])).toEqual([
      ['four', false, 0, 6_100],
      ['four five six', true, 0, 52_200 - 40_000],
    ]);
    expect(got[1]!.speaker).toBe('PATIENT');
    // A few samples short of the start is still the whole sentence; the last few samples are no word.
    expect(finals(feed(rec, 17 * CH, rec.samples.length)).map((s) => s.text)).toEqual([
      'one two three four five six',
    ]);
    expect(finals(feed(rec, 12 * CH, 17 * CH))).toEqual([]);
  });

  it('recognises nothing in audio that matches no fixture, even silence alone', () => {
    const rec = syntheticRecording();
    expect(feed({ ...rec, samples: noise(rec.samples.length, 5) }, 0, rec.samples.length, [rec])).toEqual([]);
    expect(feed(rec, 0, 2 * CH)).toEqual([]);
  });

  it('recognises every sentence of the espeak-ng visit with its speaker and offsets, from any aligned start', () => {
    const dir = fileURLToPath(new URL('../../../../../main/programs/local-service/sample/', import.meta.url));
    const fixtures = loadFixtureManifest(dir);
    const visit = fixtures.find((f) => f.name === 'visit.wav')!;
    const start = CH * Math.floor(visit.sentences[1]!.startSample / CH); // mid-recording: sentence 1 onwards
    const got = finals(feed(visit, start, visit.samples.length, fixtures));
    expect(got.map((s) => [s.text, s.speaker, s.startSample])).toEqual(
      visit.sentences.slice(1).map((s) => [s.text, s.speaker, s.startSample - start]),
    );
  });

  it('refuses a WAV that is not 16 kHz mono 16-bit', () => {
    const wav = Buffer.alloc(44);
    wav.write('RIFF', 0, 'ascii');
    wav.write('WAVEfmt ', 8, 'ascii');
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(22_050, 24);
    wav.writeUInt16LE(16, 34);
    expect(() => decodeWav16(wav)).toThrow(/16 kHz/);
  });
});
