import { describe, expect, it } from 'vitest';
import { DICTATION_MESSAGES, type DictationMessageCode } from '../../../preload/contract/index.ts';
import { dictationMessageText } from '../../../preload/words/index.ts';
import { dictationEvents, OverlayStateSchema } from '../../../preload/contract/dto-dictation.ts';
import { boxNote } from '../../../renderer/lib/state/dictation-words.ts';
import { overlayMessage } from '../../../renderer/lib/state/overlay.ts';

const CANARY = 'CANARY-dictated-words-7f3a';
const overlay = (message: unknown) => ({
  phase: 'copied',
  appName: 'Epic',
  level: 0,
  elapsedMs: 0,
  lastWords: '',
  message,
});

describe('dictation messages cross IPC as codes and become words in the renderer', () => {
  it('every code has words, and the words a person reads are the ones main used to send', () => {
    for (const code of DICTATION_MESSAGES) expect(dictationMessageText({ code })).not.toBe('');
    expect(dictationMessageText({ code: 'inserted', app: 'Epic Hyperspace' })).toBe(
      'Inserted into Epic Hyperspace.',
    );
    expect(dictationMessageText({ code: 'password_field', app: 'login' })).toBe(
      'Not typed into a password field (login): copied to the clipboard instead.',
    );
    expect(dictationMessageText({ code: 'focus_lost', app: null })).toBe(
      'The window dictation started in could not be brought back: copied to the clipboard instead.',
    );
    expect(dictationMessageText({ code: 'reconnecting_safe' })).toBe('Reconnecting — nothing is lost.');
    expect(dictationMessageText({ code: 'copied_may_be_kept' })).toBe(
      'Copied. This system may keep it in its clipboard history.',
    );
  });

  it('says nothing for no message or a code a newer main knows, rather than crashing', () => {
    expect(dictationMessageText(null)).toBe('');
    expect(dictationMessageText({ code: 'from_the_future' as DictationMessageCode })).toBe('');
    expect(overlayMessage(null)).toBe('');
  });

  it('the overlay and the box format their codes', () => {
    const o = OverlayStateSchema.parse(overlay({ code: 'busy' }));
    expect(overlayMessage(o)).toBe(
      'A visit is using the microphone: end it first, or dictate into the visit.',
    );
    const note = { code: 'recovered' } as const;
    expect(boxNote({ box: { text: 'x', note } } as Parameters<typeof boxNote>[0])).toBe(
      'Recovered: insert it or copy it.',
    );
    expect(boxNote(null)).toBe('');
  });

  it('canary: no free text crosses in the overlay message or the box note', () => {
    // A sentence where a code belongs is refused at the IPC edge.
    expect(OverlayStateSchema.safeParse(overlay(CANARY)).success).toBe(false);
    expect(OverlayStateSchema.safeParse(overlay({ code: CANARY })).success).toBe(false);
    // Extra fields are dropped, so nothing rides along with a valid code.
    const parsed = dictationEvents['dictation:overlay'].parse({
      state: overlay({ code: 'cancelled', words: CANARY, text: CANARY }),
    });
    expect(JSON.stringify(parsed)).not.toContain(CANARY);
    const box = dictationEvents['dictation:state'].shape.box;
    expect(box.safeParse({ text: '', note: CANARY }).success).toBe(false);
    expect(JSON.stringify(box.parse({ text: '', note: { code: 'copied', extra: CANARY } }))).not.toContain(
      CANARY,
    );
  });
});
