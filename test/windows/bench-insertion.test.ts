/**
 * The insertion benchmark on the Windows lane (the Win32 rows beside test/bench/insertion.ts's X11 ones):
 * the dictation's new text handed to the engine → the text visible in a Win32 EDIT of another process, in
 * paste and type modes, and a correction of the tail → the corrected text visible. The other process notes
 * when its text changed (its 1 ms message pump), on the same clock as ours (epoch ms). Under Wine, so the
 * figures are Wine's, not Windows'; targets: p95 ≤ 25 ms for text, ≤ 50 ms for a correction. Printed as
 * diagnostics, each row also as one `bench-row {json}` line that `npm run bench` (test/bench/insertion.ts)
 * reads to print these rows beside the X11 ones; the test fails only when text does not arrive.
 *
 * Each mode also measures its floors in the same run (support/floor.ts): the same units and corrections into
 * a fresh EDIT of the same process, sent with bare SendInput (type) or a bare clipboard set + Ctrl+V (paste)
 * and none of our code, timed the same way (clock before the call → the other process sees the text
 * change). The floor's unit does not wait for the previous one to settle beyond what the text's arrival
 * shows, as ours does not.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadWin32Api } from '../../native/win32/win32-api.ts';
import { Win32Desktop } from '../../native/win32/win32-desktop.ts';
import { Win32Clipboard } from '../../native/win32/win32-clipboard.ts';
import { StreamingInsertion } from '../../main/features/dictation/insertion/streaming-insertion.ts';
import { percentile } from '../bench/report.ts';
import { TargetProcess } from './support/target.ts';
import { floorPaste, floorType } from './support/floor.ts';

const UNITS = 25;
const CORRECTIONS = 8;
const GAP_MS = 300;
const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let target: TargetProcess;
before(async () => {
  target = await TargetProcess.start();
});
after(() => target.stop());

/** Waits until the watched field shows `expected`; returns how long after `started` it changed. */
async function visible(expected: string, started: number): Promise<number> {
  const end = Date.now() + 5000;
  for (;;) {
    const seen = await target.changed();
    if (seen.text === expected) return seen.at - started;
    assert.ok(Date.now() < end, 'the text reached the field');
    await pause(5);
  }
}

/** The dictated unit `i`, as in the X11 bench. */
const unit = (i: number) => ` Temp ${36 + (i % 3)} °C, dose ${i} µg — ok.`;

/** One row: readable, then as `bench-row {json}` for the benchmark run; a floor has no target. */
const rows = (name: string, samples: number[], target: number | null): string[] => {
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  const against = target === null ? 'floor, no code of ours' : `target ≤ ${target} ms`;
  return [
    `${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${against}, n=${samples.length}, Wine)`,
    `bench-row ${JSON.stringify({ name, p50, p95, targetMs: target, n: samples.length })}`,
  ];
};

/** The first pass of a correction and what it becomes (as in the X11 bench). */
const WRONG = ' Continue a spring.';
const RIGHT = ' Continue aspirin.';

/**
 * The floor: the same units and corrections into a fresh EDIT with bare SendInput / clipboard calls;
 * latencies in ms. A correction replaces the differing tail only (" spring." by "spirin."), as ours does.
 */
async function floor(mode: 'paste' | 'type'): Promise<{ insert: number[]; correct: number[] }> {
  const w = await target.open('edit', 'Floor field');
  await target.focus(w);
  await target.watch(w);
  const send = (piece: string, replace = 0) =>
    mode === 'paste' ? floorPaste(piece, replace) : floorType(piece, replace);
  const insert: number[] = [];
  const correct: number[] = [];
  let text = '';
  for (let i = 0; i < UNITS; i++) {
    text += unit(i);
    const started = now();
    send(unit(i));
    insert.push(await visible(text, started));
    await pause(GAP_MS);
  }
  let same = 0;
  while (WRONG[same] === RIGHT[same]) same++;
  for (let i = 0; i < CORRECTIONS; i++) {
    text += WRONG;
    send(WRONG);
    await visible(text, now());
    await pause(50);
    text = text.slice(0, -WRONG.length) + RIGHT;
    const started = now();
    send(RIGHT.slice(same), WRONG.length - same);
    correct.push(await visible(text, started));
    await pause(GAP_MS);
  }
  await target.close(w);
  return { insert, correct };
}

describe('insertion latency into a Win32 EDIT (Wine)', () => {
  for (const mode of ['paste', 'type'] as const) {
    it(`${mode}: text and corrections`, async (t) => {
      const w = await target.open('edit');
      await target.focus(w);
      await target.watch(w);
      const desktop = new Win32Desktop(loadWin32Api());
      const insertion = await StreamingInsertion.begin({ desktop, clipboard: new Win32Clipboard(), mode });
      const inserted: number[] = [];
      const corrected: number[] = [];
      let text = '';
      for (let i = 0; i < UNITS; i++) {
        text += unit(i);
        const started = now();
        insertion.update(text);
        inserted.push(await visible(text, started));
        await pause(GAP_MS);
      }
      for (let i = 0; i < CORRECTIONS; i++) {
        text += WRONG;
        insertion.update(text);
        await visible(text, now());
        await pause(50);
        text = text.slice(0, -WRONG.length) + RIGHT;
        const started = now();
        insertion.update(text);
        corrected.push(await visible(text, started));
        await pause(GAP_MS);
      }
      const result = await insertion.finish();
      assert.equal(result.complete, true);
      await target.close(w);
      const bare = await floor(mode);
      const how = mode === 'paste' ? 'clipboard + Ctrl+V' : 'SendInput';
      for (const line of [
        ...rows(`DICTATED_TEXT → visible in Win32 EDIT (Wine), ${mode}`, inserted, 25),
        ...rows(`floor: the same text by bare ${how}, no code of ours (Wine), ${mode}`, bare.insert, null),
        ...rows(`ASYNC_CORRECTION → corrected in Win32 EDIT (Wine), ${mode}`, corrected, 50),
        ...rows(
          `floor: the same correction by bare ${how}, no code of ours (Wine), ${mode}`,
          bare.correct,
          null,
        ),
      ])
        t.diagnostic(line);
    });
  }
});
