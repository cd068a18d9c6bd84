/** Capability slices merge into one handler object; a channel answered by two slices is a wiring bug. */
import { describe, expect, it } from 'vitest';
import { mergeHandlerSlices } from '../../../main/ipc/handler-slice.ts';

describe('mergeHandlerSlices', () => {
  it('keeps every slice’s handlers', () => {
    const a = { 'a:one': () => 1 };
    const b = { 'b:two': () => 2 };
    const merged = mergeHandlerSlices(a, b);
    expect(merged['a:one']()).toBe(1);
    expect(merged['b:two']()).toBe(2);
  });

  it('throws when two slices answer one channel', () => {
    expect(() => mergeHandlerSlices({ 'a:one': () => 1 }, { 'a:one': () => 2 })).toThrow(
      'Two handler slices answer a:one.',
    );
  });
});
