/** Capability slices merge into one handler object; a channel answered by two slices is a wiring bug. */
import { describe, expect, it } from 'vitest';
import { guard, mergeHandlerSlices } from '../../../../main/core/ipc/handler-slice.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { LimitError } from '../../../../main/core/api/limits.ts';
import { DictationSettingError } from '../../../../main/features/dictation/dictation-settings.ts';

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

describe('guard', () => {
  it('turns every kind of the one failure type into a value with code and params, and no words', async () => {
    expect(await guard(() => 1)).toEqual({ ok: true, data: 1 });
    const cases: [Failure, unknown][] = [
      [
        new Failure('no_note', { reason: 'instructions_first' }),
        { code: 'no_note', params: { reason: 'instructions_first' }, retryable: false },
      ],
      [new Failure('service_busy', undefined, true), { code: 'service_busy', retryable: true }],
      [
        new LimitError('solo_speech_locale', 'speech_locales'),
        { code: 'limit_exceeded', params: { rule: 'solo_speech_locale' }, retryable: false },
      ],
      [
        new DictationSettingError('key_refused', ['F9', 'not offered']),
        {
          code: 'dictation_setting_refused',
          params: { reason: 'key_refused', keys: ['F9'] },
          retryable: false,
        },
      ],
    ];
    for (const [failure, error] of cases) {
      expect(
        await guard(() => {
          throw failure;
        }),
      ).toEqual({ ok: false, error });
    }
  });

  it('lets anything else through to the router, which maps it in one place', async () => {
    const bug = new TypeError('Patient Jane Canary');
    await expect(
      guard(() => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
