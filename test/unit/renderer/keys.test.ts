import { describe, expect, it } from 'vitest';
import { KeyCapture, mainKey, type KeyLike } from '../../../renderer/lib/keys.ts';
import { keysText, useLocale } from '../../../preload/words/window.ts';

const ev = (key: string, code: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('key capture', () => {
  it('captures a chord with a main key, layout-independent', () => {
    const capture = new KeyCapture();
    expect(capture.down(ev('Shift', 'ShiftLeft', { shiftKey: true }))).toBeNull();
    expect(capture.down(ev('(', 'Digit9', { shiftKey: true }))).toBe('Shift+9');
    expect(capture.down(ev('F9', 'F9'))).toBe('F9');
    expect(capture.down(ev('ö', 'Semicolon'))).toBeNull();
  });

  it('captures a modifier-only chord on the first release', () => {
    const capture = new KeyCapture();
    capture.down(ev('Control', 'ControlLeft', { ctrlKey: true }));
    capture.down(ev('Meta', 'MetaLeft', { ctrlKey: true, metaKey: true }));
    expect(capture.up(ev('Meta', 'MetaLeft', { ctrlKey: true }))).toBe('Control+Super');
    expect(capture.up(ev('Control', 'ControlLeft'))).toBeNull();
  });

  it('a single modifier pressed and released is not a chord', () => {
    const capture = new KeyCapture();
    capture.down(ev('Shift', 'ShiftLeft', { shiftKey: true }));
    expect(capture.up(ev('Shift', 'ShiftLeft'))).toBeNull();
  });

  it('names keys and reads them in platform words', async () => {
    await useLocale('en');
    expect(mainKey('ArrowLeft')).toBe('Left');
    expect(mainKey('KeyD')).toBe('D');
    expect(keysText('Control+Super', true)).toBe('Control+Command');
    expect(keysText('Control+Super', false)).toBe('Ctrl+Super');
    expect(keysText('Control+Shift+F9', false)).toBe('Ctrl+Shift+F9');
  });

  it("reads keys in the window's language: French Maj, Spanish Mayús (never English beside them)", async () => {
    await useLocale('fr');
    expect(keysText('Shift+F9', false)).toBe('Maj+F9');
    expect(keysText('Control+Alt+Space', false)).toBe('Ctrl+Alt+Espace');
    expect(keysText('Control+Super', true)).toBe('Contrôle+Commande');
    await useLocale('es');
    expect(keysText('Shift+F9', false)).toBe('Mayús+F9');
    expect(keysText('Control+Alt+Enter', false)).toBe('Ctrl+Alt+Intro');
    await useLocale('en');
  });
});
