import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_DIR,
  fixtureByFile,
  loadFixtureManifest,
  readFixtureSamples,
} from '../../../fixtures/audio/manifest.ts';
import {
  FLAGS_FIXTURE_DIR,
  makeFixtures,
  makeFlagsFixture,
  makeSelectFixture,
  SELECT_FIXTURE_DIR,
} from '../../../fixtures/make-fixtures.ts';
import { parseWavHeader } from '../../../../main/core/audio/wav.ts';

const manifest = loadFixtureManifest();
const hasTools = ['espeak-ng', 'sox'].every((tool) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

describe('audio fixtures', () => {
  it('are 16 kHz mono 16-bit WAVs whose lengths match the manifest, under 1 MB together', () => {
    let bytes = 0;
    for (const f of manifest.fixtures) {
      const path = join(FIXTURE_DIR, f.file);
      bytes += statSync(path).size;
      expect(parseWavHeader(readFileSync(path))).toMatchObject({
        sampleRate: 16_000,
        channels: 1,
        bitsPerSample: 16,
        dataOffset: 44,
      });
      expect(readFixtureSamples(f.file)).toHaveLength(f.samples);
      for (const s of f.sentences) expect(s.endSample).toBeLessThanOrEqual(f.samples);
    }
    expect(bytes).toBeLessThan(1_000_000);
  });

  it('place each sentence of the conversation exactly where the manifest says, in order, with silence between', () => {
    const visit = fixtureByFile(manifest, 'visit.wav');
    const all = readFixtureSamples('visit.wav');
    const singles = manifest.fixtures.filter((f) => f.kind === 'sentence');
    expect(visit.sentences.map((s) => s.text)).toEqual(singles.map((f) => f.sentences[0]!.text));
    visit.sentences.forEach((s, i) => {
      const single = readFixtureSamples(singles[i]!.file);
      expect(s.endSample - s.startSample).toBe(single.length);
      const placed = all.subarray(s.startSample, s.endSample);
      expect(
        Buffer.compare(
          Buffer.from(placed.buffer, placed.byteOffset, placed.byteLength),
          Buffer.from(single.buffer),
        ),
      ).toBe(0);
      const next = visit.sentences[i + 1];
      if (next) expect(all.subarray(s.endSample, next.startSample).every((v) => v === 0)).toBe(true);
    });
    expect(new Set(visit.sentences.map((s) => s.speaker))).toEqual(new Set(['DOCTOR', 'PATIENT']));
  });

  it('give the dictation its spoken punctuation words and the written text', () => {
    const dictation = fixtureByFile(manifest, 'dictation.wav');
    expect(dictation.sentences.some((s) => / period$/.test(s.text) && s.written?.endsWith('.'))).toBe(true);
    expect(dictation.sentences.some((s) => s.text === 'new paragraph' && s.written === '\n\n')).toBe(true);
  });

  it.skipIf(!hasTools)('are reproduced byte for byte by the generator', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixtures-again-'));
    const again = makeFixtures(dir);
    expect(again).toEqual(manifest);
    for (const f of manifest.fixtures) {
      expect(readFileSync(join(dir, f.file)).equals(readFileSync(join(FIXTURE_DIR, f.file))), f.file).toBe(
        true,
      );
    }
  });

  // The tests' own dictations, each in a folder of its own (the local service's fixturesDir).
  it.skipIf(!hasTools).each([
    ['select-in-box', makeSelectFixture, SELECT_FIXTURE_DIR],
    ['flags-in-box', makeFlagsFixture, FLAGS_FIXTURE_DIR],
  ] as const)("the tests' %s dictation is reproduced byte for byte too", (name, make, fixtureDir) => {
    const dir = mkdtempSync(join(tmpdir(), `fixtures-${name}-`));
    expect(make(dir)).toEqual(loadFixtureManifest(fixtureDir));
    const file = `${name}.wav`;
    expect(readFileSync(join(dir, file)).equals(readFileSync(join(fixtureDir, file)))).toBe(true);
  });
});
