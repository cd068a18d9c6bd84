import { describe, expect, it } from 'vitest';
import { routeFieldKey, type FieldKeyContext } from '../../../../main/features/dictation/field-key-route.ts';

const box: FieldKeyContext = { via: 'shortcut', ownWindowFocused: true, boxShown: true, dictating: false };

describe('where a next / previous field hotkey goes', () => {
  it('taken by the OS while our window shows the box: to the box', () => {
    expect(routeFieldKey(box)).toBe('box');
  });

  it('seen by the key hook there: nowhere more (the box had the key and moved itself)', () => {
    expect(routeFieldKey({ ...box, via: 'hook' })).toBe('none');
  });

  it('another application focused, the box not shown, or a dictation running: the focused field', () => {
    for (const via of ['shortcut', 'hook'] as const) {
      expect(routeFieldKey({ ...box, via, ownWindowFocused: false })).toBe('field');
      expect(routeFieldKey({ ...box, via, boxShown: false })).toBe('field');
      expect(routeFieldKey({ ...box, via, dictating: true })).toBe('field');
    }
  });
});
