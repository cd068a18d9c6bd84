/**
 * The dictation recording (main/programs/local-service/sample/dictation.wav) with a script of its three
 * sentences for the local service to "recognise": the same audio, the same sentence boundaries, only the
 * words differ. Written to a temporary folder. By default the script has non-ASCII text (°, ₂, µ, —, ü) and
 * a first-pass mishearing in its first sentence; voice-command tests give their own.
 */
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_DIR } from '../../../fixtures/audio/manifest.ts';

/** What the field must hold at the end (EXPLICIT punctuation applied, the correction in). */
export const FINAL_TEXT =
  'Temperature 37.2 °C, SpO₂ 98 percent, patient is stable.\n\nContinue aspirin 75 µg — recheck Müller in two weeks.';
/** The first sentence as first heard (before its ASYNC_CORRECTION). */
export const FIRST_PASS = 'Temperature 37.2 °C, SpO₂ 98 percent, patient is table.';
export const MISHEARING = { phrase: 'stable', heard: 'table' };

const SPOKEN = [
  'temperature 37.2 °C comma SpO₂ 98 percent comma patient is stable period',
  'new paragraph',
  'continue aspirin 75 µg — recheck Müller in two weeks period',
];

/**
 * A fixtures folder for the local service where the recording's sentences are `spoken` (three), and the path
 * of the WAV to dictate.
 */
export async function writeDictationFixture(spoken = SPOKEN): Promise<{ dir: string; wav: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'scribe-dictation-fixture-'));
  const manifest = JSON.parse(await readFile(join(FIXTURE_DIR, 'manifest.json'), 'utf8')) as {
    fixtures: Array<{ file: string; sentences: Array<{ text: string }> }>;
  };
  const dictation = manifest.fixtures.find((f) => f.file === 'dictation.wav')!;
  dictation.sentences.forEach((s, i) => (s.text = spoken[i]!));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, fixtures: [dictation] }));
  await copyFile(join(FIXTURE_DIR, 'dictation.wav'), join(dir, 'dictation.wav'));
  return { dir, wav: join(dir, 'dictation.wav') };
}
