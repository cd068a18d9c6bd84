/**
 * What the overlay and the dictation box say about copied text's clipboard clear, as the window words it:
 * the time left counted down from the due time main sent (seconds, then minutes, plural by Intl), when it
 * was cleared, in English, French and Spanish; and Settings → Dictation's check of the delay as typed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type {
  DictationMessage,
  DictationStateDto,
  OverlayStateDto,
} from '../../../preload/contract/index.ts';
import { LOCALES, useLocale } from '../../../preload/words/index.ts';
import { boxCountdown, boxNote, clearSecondsProblem } from '../../../renderer/lib/state/dictation-words.ts';
import { countsDown, overlayMessage } from '../../../renderer/lib/state/overlay.ts';

const NOW = Date.parse('2026-11-28T13:05:00Z');
const pending = (leftMs: number, seconds = 60): DictationMessage => ({
  code: 'password_field',
  app: 'Epic',
  clipboard: { state: 'pending', seconds, at: NOW + leftMs },
});
const overlay = (message: DictationMessage): OverlayStateDto => ({
  phase: 'copied',
  appName: 'Epic',
  level: 0,
  elapsedMs: 0,
  lastWords: '',
  message,
});
const box = (note: DictationMessage) => ({ box: { text: 'x', note } }) as unknown as DictationStateDto;

afterEach(() => useLocale('en'));
/** Intl puts no-break spaces between a number and its unit: compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the clipboard clear, counted down', () => {
  it('the overlay says the time left, and counts it down from the due time', () => {
    const said = 'Not typed into a password field (Epic): copied to the clipboard instead.';
    expect(overlayMessage(overlay(pending(60_000)), NOW)).toBe(
      `${said} The clipboard is cleared in 60 seconds.`,
    );
    expect(overlayMessage(overlay(pending(60_000)), NOW + 18_000)).toBe(
      `${said} The clipboard is cleared in 42 seconds.`,
    );
    // Never "0 seconds" while main has not said it ran; minutes past two minutes, rounded up.
    expect(overlayMessage(overlay(pending(60_000)), NOW + 61_000)).toBe(
      `${said} The clipboard is cleared in 1 second.`,
    );
    expect(overlayMessage(overlay(pending(600_000, 600)), NOW + 1_000)).toBe(
      `${said} The clipboard is cleared in 10 minutes.`,
    );
    expect(countsDown(pending(1))).toBe(true);
    expect(countsDown({ code: 'copy_mode', clipboard: { state: 'cleared', at: NOW } })).toBe(false);
    expect(countsDown(null)).toBe(false);
  });

  it('the box keeps the countdown out of its announced note, and says when the clipboard was cleared', () => {
    expect(boxNote(box(pending(30_000)))).toBe(
      'Not typed into a password field (Epic): copied to the clipboard instead.',
    );
    expect(boxCountdown(box(pending(30_000)), NOW)).toBe(' The clipboard is cleared in 30 seconds.');
    const cleared: DictationMessage = { code: 'copy_mode', clipboard: { state: 'cleared', at: NOW } };
    const time = new Date(NOW).toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' });
    expect(boxNote(box(cleared))).toBe(
      `Copied to the clipboard (copy-only mode). The clipboard was cleared at ${time}.`,
    );
    expect(boxCountdown(box(cleared), NOW)).toBe('');
  });

  it('French and Spanish, with their plural forms', () => {
    expect(plain(LOCALES.fr.clipboardText(pending(1_000).clipboard, NOW))).toBe(
      ' Le presse-papiers sera vidé dans 1 seconde.',
    );
    expect(plain(LOCALES.fr.clipboardText(pending(60_000).clipboard, NOW))).toBe(
      ' Le presse-papiers sera vidé dans 60 secondes.',
    );
    expect(plain(LOCALES.es.clipboardText(pending(1_000).clipboard, NOW))).toBe(
      ' El portapapeles se vaciará en 1 segundo.',
    );
    expect(plain(LOCALES.es.clipboardText(pending(600_000, 600).clipboard, NOW))).toBe(
      ' El portapapeles se vaciará en 10 minutos.',
    );
    const oneOClock = new Date(2026, 10, 28, 1, 5).getTime();
    expect(plain(LOCALES.es.clipboardText({ state: 'cleared', at: oneOClock }, NOW))).toBe(
      ' El portapapeles se vació a la 1:05.',
    );
    useLocale('fr');
    expect(plain(boxCountdown(box(pending(5_000)), NOW))).toBe(
      ' Le presse-papiers sera vidé dans 5 secondes.',
    );
    expect(LOCALES.fr.dictationMessageText({ code: 'clipboard_cleared' })).toContain('presse-papiers');
  });

  it('Settings → Dictation takes a whole number of seconds from 0 to an hour, and says so otherwise', () => {
    for (const ok of ['0', '60', '3600']) expect(clearSecondsProblem(ok)).toBeNull();
    for (const bad of ['', '-1', '3601', '1.5', 'soon'])
      expect(clearSecondsProblem(bad)).toBe(
        'Enter a whole number of seconds from 0 (never) to 3,600 (one hour).',
      );
    useLocale('es');
    expect(clearSecondsProblem('4000')).toBe(
      'Escriba un número entero de segundos de 0 (nunca) a 3600 (una hora).',
    );
  });
});
