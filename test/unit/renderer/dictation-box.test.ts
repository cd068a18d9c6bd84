/** The dictation box's own Text fields: accept defaults (its button, a microphone's Play), and the caret after. */
import { describe, expect, it } from 'vitest';
import { defaultsInBox, fieldInBox } from '../../../renderer/lib/state/dictation-box.ts';

describe('accept defaults in the dictation box', () => {
  it('fills every field left with its default (a pick-list its first item), the caret after the last', () => {
    const text =
      'Exam of the [left|right|bilateral] knee: [no effusion]. Range of motion [full]. Plan: rest.';
    const filled = defaultsInBox(text);
    expect(filled?.text).toBe('Exam of the left knee: no effusion. Range of motion full. Plan: rest.');
    expect(filled?.text.slice(0, filled.caret)).toBe(
      'Exam of the left knee: no effusion. Range of motion full',
    );
  });

  it('fills what is left between words already said; nothing left says so (null)', () => {
    expect(defaultsInBox('Right knee: [no effusion], swelling mild.')?.text).toBe(
      'Right knee: no effusion, swelling mild.',
    );
    expect(defaultsInBox('Right knee: no effusion.')).toBeNull();
    expect(defaultsInBox('')).toBeNull();
  });

  it('next field still finds a blank that is not a Text field (***), accept defaults leaves it', () => {
    const text = 'Allergies: ***. Side: [left|right].';
    expect(defaultsInBox(text)?.text).toBe('Allergies: ***. Side: left.');
    expect(fieldInBox(text, { start: 0, end: 0 }, 'next', ['asterisks'])).toEqual({ start: 11, end: 14 });
  });

  it('counts the caret in UTF-16 units, across lines and characters outside the BMP', () => {
    const emoji = '😀 [a|b] 😀😀 [ 𝔸 | c ] tail';
    const filled = defaultsInBox(emoji)!;
    expect(filled.text).toBe('😀 a 😀😀 𝔸 tail'); // an item's spaces are trimmed
    expect(filled.text.slice(filled.caret)).toBe(' tail');
    const lines = defaultsInBox('[left|right]\n[no]')!;
    expect(lines).toEqual({ text: 'left\nno', caret: 'left\nno'.length });
  });
});
