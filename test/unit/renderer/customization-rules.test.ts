import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../preload/words/window.ts';
import type { Customization } from '../../../preload/contract/index.ts';
import {
  customizationDraft,
  instructionsOverLimit,
  overLimitText,
} from '../../../renderer/lib/state/customization-rules.ts';

// The window loads its language before it shows anything; these rules are worded in English.
beforeAll(() => useLocale('en'));

const customization = (template: string, ...sections: string[]) =>
  ({
    templateInstruction: template,
    sections: sections.map((instruction, i) => ({
      key: `s${i}`,
      title: `S${i}`,
      style: 'AUTO',
      instruction,
    })),
  }) as unknown as Customization;

describe('section instructions', () => {
  it('counts the instructions over 700 characters, the whole note’s included', () => {
    expect(instructionsOverLimit(customization('x'.repeat(701), 'ok', 'y'.repeat(701)))).toBe(2);
    expect(instructionsOverLimit(customization('x'.repeat(700), ''))).toBe(0);
    expect(instructionsOverLimit(null)).toBe(0);
  });

  it('says what to do, in the singular or plural', () => {
    expect(overLimitText(0)).toBe('');
    expect(overLimitText(1)).toBe(
      'One instruction is over the 700-character limit. Shorten it to save; nothing was sent.',
    );
    expect(overLimitText(3)).toBe(
      '3 instructions are over the 700-character limit. Shorten them to save; nothing was sent.',
    );
  });

  it('edits a copy: changing the draft never changes what main sent', () => {
    const sent = customization('t', 'a');
    const draft = customizationDraft(sent)!;
    draft.sections[0]!.instruction = 'changed';
    expect(sent.sections[0]!.instruction).toBe('a');
  });
});
