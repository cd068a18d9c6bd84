import { describe, expect, it } from 'vitest';
import { LevelMeter } from '../../../../main/core/audio/level-meter.ts';
import { DBFS_FLOOR } from '../../../../main/core/audio/pcm.ts';
import { sine16 } from './signals.ts';

describe('LevelMeter', () => {
  it('gives 20 readings per second of audio whatever the frame size', () => {
    const meter = new LevelMeter();
    const audio = sine16(440, 1);
    let readings = 0;
    for (let at = 0; at < audio.length; at += 333)
      readings += meter.push(audio.subarray(at, at + 333)).length;
    expect(readings).toBe(20);
  });

  it('reads a half-scale sine at about -6 dBFS peak and -9 dBFS RMS', () => {
    const [first] = new LevelMeter().push(sine16(1_000, 0.05, 0.5));
    expect(first!.peakDbfs).toBeCloseTo(-6.02, 1);
    expect(first!.rmsDbfs).toBeCloseTo(-9.03, 1);
    expect(first!.endSample).toBe(800);
  });

  it('reads silence at the floor and tracks a level change between windows', () => {
    const meter = new LevelMeter();
    const quiet = meter.push(new Int16Array(800));
    const loud = meter.push(sine16(500, 0.05, 0.1));
    expect(quiet[0]!.rmsDbfs).toBe(DBFS_FLOOR);
    expect(loud[0]!.rmsDbfs).toBeCloseTo(-23.0, 0);
    expect(loud[0]!.endSample).toBe(1_600);
  });
});
