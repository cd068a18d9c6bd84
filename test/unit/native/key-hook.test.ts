/** The key hook's listeners are isolated: one that throws neither stops the others nor escapes the hook. */
import { describe, expect, it, vi } from 'vitest';
import { KeyHookBase, type KeyEvent } from '../../../native/key-hook.ts';
import { SyntheticInputGate } from '../../../native/synthetic-input.ts';

class TestHook extends KeyHookBase {
  readonly running = true;
  start() {
    return { ok: true } as const;
  }
  stop(): void {}
  press(event: KeyEvent): void {
    this.deliver(event);
  }
}

const event = { type: 'down', key: 'F9', time: 0, modifiers: {} } as unknown as KeyEvent;

describe('KeyHookBase', () => {
  it('hands a listener error to the error listeners, and the other listeners still get the key', () => {
    const hook = new TestHook(new SyntheticInputGate());
    const keys: string[] = [];
    const errors: Error[] = [];
    hook.onKey(() => {
      throw new RangeError('listener bug');
    });
    hook.onKey((e) => keys.push(e.key));
    hook.onError((error) => errors.push(error));
    expect(() => hook.press(event)).not.toThrow();
    expect(keys).toEqual(['F9']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RangeError);
  });

  it('reports an error listener that throws as a process warning instead of dropping it', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const hook = new TestHook(new SyntheticInputGate());
      const off = hook.onKey(() => {
        throw new Error('listener bug');
      });
      hook.onError(() => {
        throw new TypeError('error listener bug');
      });
      expect(() => hook.press(event)).not.toThrow();
      await vi.waitFor(() => expect(warnings.some((w) => w.message.includes('TypeError'))).toBe(true));
      off();
    } finally {
      process.off('warning', onWarning);
    }
  });
});
