import { describe, expect, it } from 'vitest';
import type { KeyRefusal } from '../../../../preload/contract/index.ts';
import {
  ChordError,
  describeChord,
  formatChord,
  parseChord,
  toAccelerator,
} from '../../../../main/base/chords/chord.ts';
import { alternativeChords, refuseChord, refuseDuplicate } from '../../../../main/base/chords/chord-rules.ts';
import { keyRefusalText } from '../../../../preload/words/index.ts';

/** A refusal in the words the window and the CLI show it with (base itself words nothing). */
const chordRefusalWords = (
  chord: ReturnType<typeof parseChord>,
  refusal: KeyRefusal,
  platform: NodeJS.Platform,
) => keyRefusalText(refusal, describeChord(chord, platform));

describe('chords', () => {
  it('parses aliases into one normal form', () => {
    expect(formatChord(parseChord('shift+ctrl+f9'))).toBe('Control+Shift+F9');
    expect(formatChord(parseChord('Win + Ctrl'))).toBe('Control+Super');
    expect(formatChord(parseChord('cmd+option+d'))).toBe('Alt+Super+D');
  });

  it('refuses what is not a chord with a reason', () => {
    const reason = (text: string) => {
      try {
        parseChord(text);
      } catch (error) {
        expect(error).toBeInstanceOf(ChordError);
        return (error as ChordError).reason;
      }
    };
    expect(reason('')).toBe('key_empty');
    expect(reason('Control')).toBe('key_modifiers_only');
    expect(reason('F9+F10')).toBe('key_two_keys');
    expect(reason('Hyper+Q')).toBe('key_unreadable');
    // The reason never carries what was typed.
    expect(() => parseChord('Hyper+Q')).not.toThrow(/Hyper/);
  });

  it('gives Electron accelerators, and none for modifier-only chords', () => {
    expect(toAccelerator(parseChord('Control+Shift+F9'))).toBe('Control+Shift+F9');
    expect(toAccelerator(parseChord('Control+Super'))).toBeNull();
    expect(toAccelerator(parseChord('Alt+Numpad5'))).toBe('Alt+num5');
  });

  it('reads in the platform words', () => {
    expect(describeChord(parseChord('Control+Super'), 'win32')).toBe('Ctrl+Win');
    expect(describeChord(parseChord('Alt+Super+D'), 'darwin')).toBe('Option+Command+D');
  });
});

describe('refused chords', () => {
  it('refuses copy, paste, undo, app switch and screenshot with the reason', () => {
    for (const [text, what] of [
      ['Control+C', 'copy'],
      ['Super+V', 'paste'],
      ['Control+Z', 'undo'],
      ['Alt+Tab', 'switching applications'],
      ['PrintScreen', 'screenshots'],
    ] as const) {
      const chord = parseChord(text);
      const refusal = refuseChord(chord, 'shortcut', 'win32');
      expect(refusal).toEqual({ reason: 'key_reserved', use: what });
      expect(chordRefusalWords(chord, refusal!, 'win32')).toContain(`kept for ${what}`);
    }
    expect(
      chordRefusalWords(
        parseChord('Control+C'),
        refuseChord(parseChord('Control+C'), 'shortcut', 'win32')!,
        'win32',
      ),
    ).toBe('Ctrl+C is kept for copy; choose another key.');
    expect(refuseChord(parseChord('Super+Shift+4'), 'hook', 'darwin')).toMatchObject({
      reason: 'key_reserved',
    });
    expect(refuseChord(parseChord('Super+Shift+4'), 'hook', 'linux')).toBeNull();
  });

  it('refuses a hook chord that would type text in the other app', () => {
    expect(refuseChord(parseChord('D'), 'hook', 'linux')).toEqual({ reason: 'key_types_text' });
    expect(refuseChord(parseChord('Shift+D'), 'hook', 'linux')).toEqual({ reason: 'key_types_text' });
    expect(refuseChord(parseChord('F9'), 'hook', 'linux')).toBeNull();
    expect(refuseChord(parseChord('Control+Super'), 'hook', 'linux')).toBeNull();
    expect(refuseChord(parseChord('D'), 'shortcut', 'linux')).toEqual({ reason: 'key_bare' });
  });

  it('refuses a chord another of our hotkeys uses', () => {
    const refusal = refuseDuplicate(parseChord('F9'), {
      cancel: parseChord('Shift+F9'),
      toggle: parseChord('F9'),
    });
    expect(refusal).toEqual({ reason: 'key_duplicate', other: 'toggle' });
  });

  it('offers alternatives that are neither refused nor taken', () => {
    const offered = alternativeChords('shortcut', 'linux', [parseChord('F9')]);
    expect(offered).toHaveLength(3);
    expect(offered).not.toContain('F9');
  });
});
