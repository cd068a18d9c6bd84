import { describe, expect, it } from 'vitest';
import { PreRoll } from '../../../main/audio/pre-roll.ts';

const ramp = (from: number, n: number): Int16Array => Int16Array.from({ length: n }, (_, i) => from + i);

describe('PreRoll', () => {
  it('keeps only the newest 300 ms, oldest first, across wrap-around', () => {
    const roll = new PreRoll(300); // 4800 samples
    for (let at = 0; at < 10_000; at += 700) roll.push(ramp(at, Math.min(700, 10_000 - at)));
    expect(roll.size).toBe(4_800);
    const out = roll.drain();
    expect(out).toHaveLength(4_800);
    expect(out[0]).toBe(10_000 - 4_800);
    expect(out[4_799]).toBe(9_999);
    expect(out.every((v, i) => i === 0 || v === (out[i - 1] ?? 0) + 1)).toBe(true);
  });

  it('returns less when less was heard, and is empty after draining', () => {
    const roll = new PreRoll(300);
    roll.push(ramp(1, 100));
    expect([...roll.drain()]).toEqual([...ramp(1, 100)]);
    expect(roll.drain()).toHaveLength(0);
    roll.push(ramp(5, 3));
    expect([...roll.drain()]).toEqual([5, 6, 7]);
  });

  it('takes one push longer than its capacity', () => {
    const roll = new PreRoll(10); // 160 samples
    roll.push(ramp(0, 1_000));
    const out = roll.drain();
    expect(out[0]).toBe(840);
    expect(out).toHaveLength(160);
  });
});
