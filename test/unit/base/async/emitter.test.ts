/** The one emitter: a throwing listener is isolated and reported (a process warning by default), never silent. */
import { describe, expect, it, vi } from 'vitest';
import { Emitter } from '../../../../main/base/async/emitter.ts';
import { NoticeEmitter } from '../../../../main/core/audio/notices.ts';
import { TypedEmitter } from '../../../../main/base/async/typed-emitter.ts';

const CANARY = 'CANARY-7731 patient phrase';

describe('Emitter', () => {
  it('calls every listener in order, even after one throws, and reports the error', () => {
    const reported: unknown[] = [];
    const emitter = new Emitter<number>((error) => reported.push(error));
    const seen: string[] = [];
    emitter.on((n) => seen.push(`a${n}`));
    const off = emitter.on(() => {
      throw new TypeError(CANARY);
    });
    emitter.on((n) => seen.push(`c${n}`));
    emitter.emit(1);
    expect(seen).toEqual(['a1', 'c1']);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(TypeError);
    off();
    emitter.emit(2);
    expect(reported).toHaveLength(1);
    expect(emitter.size).toBe(2);
  });

  it('reports by default as a process warning naming the error class, not its message', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const notices = new NoticeEmitter();
      notices.on(() => {
        throw new RangeError(CANARY);
      });
      notices.emit({ code: 'no_sound' } as never);
      await vi.waitFor(() => expect(warnings).toHaveLength(1));
      expect(warnings[0]!.message).toContain('RangeError');
      expect(warnings[0]!.message).not.toContain('CANARY');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('keeps a session emitter going when a listener throws (no uncaught rethrow)', () => {
    class Session extends TypedEmitter<{ item: string }> {
      fire(text: string) {
        this.emit('item', text);
      }
    }
    const reported = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const session = new Session();
      const seen: string[] = [];
      session.on('item', () => {
        throw new Error('listener bug');
      });
      session.on('item', (text) => seen.push(text));
      session.fire('hello');
      expect(seen).toEqual(['hello']);
      expect(reported).toHaveBeenCalledTimes(1);
    } finally {
      reported.mockRestore();
    }
  });
});
