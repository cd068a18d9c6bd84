import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../preload/words/window.ts';
import type { OverlayStateDto } from '../../../preload/contract/index.ts';
import { overlayLive, overlayTitle, overlayWarns } from '../../../renderer/lib/state/overlay.ts';

// The window loads its language before it shows anything; these rules are worded in English.
beforeAll(() => useLocale('en'));

const state = (phase: OverlayStateDto['phase'], appName: string | null = null): OverlayStateDto => ({
  phase,
  appName,
  level: 0,
  elapsedMs: 0,
  lastWords: '',
  message: null,
});

describe('the dictation overlay', () => {
  it('names where the words go, or the dictation box without an application', () => {
    expect(overlayTitle(state('listening', 'Epic'))).toBe('Listening — into Epic');
    expect(overlayTitle(state('listening'))).toBe('Listening — into the dictation box');
    expect(overlayTitle(state('inserted', 'Epic'))).toBe('Inserted into Epic');
    expect(overlayTitle(state('inserting'))).toBe('Inserting into the application');
    expect(overlayTitle(null)).toBe('');
  });

  it('has a title for every phase, and none for a phase it does not know', () => {
    for (const phase of ['starting', 'paused', 'copied', 'busy', 'cancelled', 'failed'] as const)
      expect(overlayTitle(state(phase))).not.toBe('');
    expect(overlayTitle({ ...state('paused'), phase: 'from-the-future' as 'paused' })).toBe('');
  });

  it('is live only while the microphone is open, and warns where attention is needed', () => {
    expect(overlayLive(state('reconnecting'))).toBe(true);
    expect(overlayLive(state('inserted'))).toBe(false);
    expect(overlayLive(null)).toBe(false);
    expect(overlayWarns(state('reconnecting'))).toBe(true);
    expect(overlayWarns(state('corrected-in-box'))).toBe(true);
    expect(overlayWarns(state('listening'))).toBe(false);
  });
});
