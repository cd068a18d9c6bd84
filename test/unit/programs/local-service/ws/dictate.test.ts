import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  loadFixtureManifest,
  type FixtureRecording,
} from '../../../../../main/programs/local-service/ws/index.ts';
import { formatDictation } from '../../../../../main/programs/local-service/ws/dictation-text.ts';
import {
  connect,
  dictateConfig,
  payloads,
  sendChunks,
  startService,
  type Frame,
  type Harness,
  type RawClient,
} from './helpers.ts';

const dir = fileURLToPath(new URL('../../../../../main/programs/local-service/sample/', import.meta.url));
const fixtures = loadFixtureManifest(dir);
const dictation = fixtures.find((f) => f.name === 'dictation.wav') as FixtureRecording;
// What the fixture author says each spoken unit should become (read straight from the manifest).
const written: string[] = (
  JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8')) as {
    fixtures: Array<{ file: string; sentences: Array<{ written: string }> }>;
  }
).fixtures
  .find((f) => f.file === 'dictation.wav')!
  .sentences.map((s) => s.written);
const chunks = payloads(dictation.samples);

let h: Harness;
beforeAll(async () => {
  h = await startService(fixtures, {
    mishearings: [
      { phrase: 'aspirin', heard: 'as bring' },
      { phrase: 'stable', heard: 'stay bull' },
    ],
  });
});
beforeEach(() => Object.assign(h.control.timings, { recognitionLatencyMs: 10, correctionDelayMs: 20 }));
afterAll(() => h.close());

/** Dictates the whole fixture and returns the frames, after the normal close. */
async function dictate(config: Record<string, unknown>, version?: string): Promise<Frame[]> {
  const c: RawClient = await connect(h, { kind: 'dictate', ...(version ? { version } : {}) });
  c.send(dictateConfig(config));
  sendChunks(c, chunks);
  await c.next((f) => f.type === 'DICTATED_TEXT' && String(f.text).includes('weeks'));
  c.send({ type: 'END' });
  expect((await c.closed).code).toBe(1000);
  return c.frames.filter((f) => f.type !== 'AUDIO_CHUNK_ACK');
}

/** What a client following the contract ends up with: units appended as-is, corrections applied on match. */
function apply(frames: Frame[], start = ''): string {
  let text = start;
  for (const f of frames) {
    if (f.type === 'DICTATED_TEXT') text += String(f.text);
    if (f.type === 'ASYNC_CORRECTION') {
      expect(text.endsWith(String(f.suffix))).toBe(true);
      text = text.slice(0, text.length - String(f.suffix).length) + String(f.replacement);
    }
  }
  return text;
}

describe('dictation with explicit punctuation', () => {
  it('turns the spoken fixture into the written text the manifest expects, unit by unit', async () => {
    const frames = await dictate({ text_field_context: undefined }, '2026-10-05');
    expect(written).toHaveLength(3);
    // The recognizer has mishearings, but corrections are off: only the words differ.
    const units = frames.filter((f) => f.type === 'DICTATED_TEXT').map((f) => f.text);
    expect(units).toEqual(
      written.map((w) => w.replace('stable', 'stay bull').replace('aspirin', 'as bring')),
    );
    expect(frames.some((f) => f.type === 'ASYNC_CORRECTION')).toBe(false);
  });

  it('corrects misheard words asynchronously with suffixes that match what was sent', async () => {
    const frames = await dictate({ enable_async_corrections: true });
    expect(frames.filter((f) => f.type === 'ASYNC_CORRECTION')).toHaveLength(2);
    expect(apply(frames)).toBe(written.join(''));
  });

  it('sends a late correction whose suffix spans the units sent after the misheard one', async () => {
    h.control.timings.correctionDelayMs = 60_000; // flushed by END, after every unit
    const frames = await dictate({ enable_async_corrections: true });
    const first = frames.find((f) => f.type === 'ASYNC_CORRECTION')!;
    expect(String(first.suffix)).toContain('stay bull');
    expect(String(first.suffix)).toContain('\n\n');
    expect(frames.at(-1)?.type).toBe('ASYNC_CORRECTION');
    expect(apply(frames)).toBe(written.join(''));
  });

  it('never sends ASYNC_CORRECTION to a client pinned before 2026-07-01', async () => {
    const frames = await dictate({ enable_async_corrections: true }, '2026-06-12');
    expect(frames.some((f) => f.type === 'ASYNC_CORRECTION')).toBe(false);
  });

  it.each<[string, unknown, string]>([
    [
      'a context ending a sentence',
      { text: 'Vitals normal.', selection_start: 14, selection_length: 0 },
      ' Patient is stay bull.',
    ],
    [
      'an object context (text before the cursor)',
      { text: 'Plan: X', selection_start: 6, selection_length: 1 },
      'patient is stay bull.',
    ],
  ])('spaces the first unit after %s', async (_l, context, firstUnit) => {
    const frames = await dictate({ text_field_context: context });
    expect(frames.find((f) => f.type === 'DICTATED_TEXT')?.text).toBe(firstUnit);
  });
});

describe('formatDictation', () => {
  it.each([
    ['hello comma world period', '', 'Hello, world.'],
    ['next one', 'Done.', ' Next one'],
    ['new line item', 'List', '\nItem'],
    ['comma then', 'a', ', then'],
    ['more text', 'ends with space ', 'more text'],
  ])('formats "%s" after %j', (spoken, before, expected) => {
    expect(formatDictation(spoken, before)).toBe(expected);
  });
});
