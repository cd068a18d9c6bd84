/**
 * A dictation microphone's Record press → dictation started: the PowerMic III's input report (replayed by
 * the fake HID backend, as node-hid's 'data' event would hand it over) → the watcher's parse → the
 * phantom-press filter (a press counts once held 30 ms, by design) → the button mapping → the dictation's
 * start. The start itself (microphone → first sample) is the hotkey bench's; here it is where it is called.
 */
import { performance } from 'node:perf_hooks';
import { FakeHid } from '../../native/hid.fake.ts';
import { DEFAULT_MIC_BUTTONS } from '../../main/core/config/dictation-keys.ts';
import { DictationMic } from '../../main/features/dictation/mic/dictation-mic.ts';
import { fmt, percentile, type BenchRow } from './report.ts';
import { POWERMIC_3 } from '../fixtures/hid/devices.ts';

const RUNS = 40;
const TARGET_MS = 50;

/** Runs the bench. */
export async function benchHidReport(): Promise<BenchRow[]> {
  const hid = new FakeHid();
  hid.plug(POWERMIC_3);
  let started: (() => void) | null = null;
  const mic = new DictationMic({
    hid,
    settings: () => ({ recordMode: 'push-to-talk', buttons: { app: DEFAULT_MIC_BUTTONS, box: {} } }),
    actions: {
      active: () => false,
      place: () => 'app',
      start: async () => started?.(),
      stop: async () => undefined,
      cancel: async () => undefined,
      transfer: async () => undefined,
      fieldButton: async () => undefined,
    },
    onStatus: () => undefined,
  });
  await mic.poll();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const done = new Promise<void>((resolve) => (started = resolve));
    const t0 = performance.now();
    hid.replay('pm3', [[0x00, 0x04, 0x00]]);
    await done;
    samples.push(performance.now() - t0);
    hid.replay('pm3', [[0x00, 0x00, 0x00]]);
  }
  await mic.dispose();
  const p95 = percentile(samples, 95);
  return [
    {
      name: 'HID report (Record) → dictation started p95',
      figure: `${fmt(p95)} ms`,
      target: `≤ ${TARGET_MS} ms`,
      pass: p95 <= TARGET_MS,
      note: `${RUNS} presses of a PowerMic III (recorded reports); includes the 30 ms phantom-press filter`,
    },
  ];
}
