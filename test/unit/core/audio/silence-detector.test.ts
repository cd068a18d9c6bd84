import { describe, expect, it } from 'vitest';
import { LevelMeter } from '../../../../main/core/audio/level-meter.ts';
import { SilenceDetector, type SilenceTransition } from '../../../../main/core/audio/silence-detector.ts';
import { sine16 } from './signals.ts';

/** Runs audio segments through a meter and detector; returns the transitions. */
function detect(
  segments: Int16Array[],
  detector = new SilenceDetector({
    thresholdDbfs: -40,
    minSilenceMs: 500,
    hysteresisDb: 6,
    minSpeechMs: 100,
  }),
): SilenceTransition[] {
  const meter = new LevelMeter();
  const out: SilenceTransition[] = [];
  for (const s of segments) {
    for (const r of meter.push(s)) {
      const t = detector.push(r, 800);
      if (t) out.push(t);
    }
  }
  return out;
}

const seconds = (s: number): number => Math.round(s * 16_000);

describe('SilenceDetector', () => {
  it('declares silence only after the quiet lasted minSilenceMs, located where it began', () => {
    const out = detect([
      sine16(300, 1, 0.3),
      new Int16Array(seconds(0.4)),
      sine16(300, 0.5, 0.3),
      new Int16Array(seconds(0.8)),
    ]);
    expect(out).toEqual([{ state: 'silence', atSample: seconds(1.9) }]);
  });

  it('returns to speech when the level rises above threshold + hysteresis', () => {
    const out = detect([new Int16Array(seconds(1)), sine16(300, 0.5, 0.3)]);
    expect(out.map((t) => t.state)).toEqual(['silence', 'speech']);
    expect(out[1]!.atSample).toBe(seconds(1));
  });

  it('does not flap on noise inside the hysteresis band', () => {
    // RMS of amplitude 0.0141 is about -40 dBFS + ~3 dB: above the threshold but below threshold + 6.
    const band = sine16(300, 1, 0.0141 * 1.4);
    const out = detect([new Int16Array(seconds(1)), band, new Int16Array(seconds(0.2)), band]);
    expect(out.map((t) => t.state)).toEqual(['silence']);
  });

  it('ignores a click shorter than minSpeechMs', () => {
    const out = detect([new Int16Array(seconds(1)), sine16(300, 0.05, 0.5), new Int16Array(seconds(1))]);
    expect(out.map((t) => t.state)).toEqual(['silence']);
  });
});
