/**
 * "New line never submits": what a dictated line break becomes, from what the field says of itself and IT's
 * rule for the application; a refused break leaves a space; Shift+Return is typed where the rule says so.
 */
import { describe, expect, it } from 'vitest';
import { FakeDesktop } from '../../../../native/desktop.fake.ts';
import { planFor } from '../../../../main/features/dictation/insertion/app-rules.ts';
import { FieldWriter } from '../../../../main/features/dictation/insertion/field-writer.ts';
import {
  lineBreakFor,
  withoutLineBreaks,
} from '../../../../main/features/dictation/insertion/line-breaks.ts';
import type { ClipboardPaster } from '../../../../main/features/dictation/insertion/clipboard-paste.ts';

describe('lineBreakFor', () => {
  it('a one-line field never gets one, whatever the rule', () => {
    expect(lineBreakFor(false, undefined)).toBe('refused-single-line');
    expect(lineBreakFor(false, 'return')).toBe('refused-single-line');
    expect(lineBreakFor(false, 'shift-return')).toBe('refused-single-line');
  });

  it('a multi-line field gets Return unless IT’s rule says otherwise (a chat box sends on Return)', () => {
    expect(lineBreakFor(true, undefined)).toBe('return');
    expect(lineBreakFor(true, 'shift-return')).toBe('shift-return');
    expect(lineBreakFor(true, 'refuse')).toBe('refused-by-rule');
  });

  it('a field that cannot be read: the rule, else refused (the safe choice)', () => {
    expect(lineBreakFor(undefined, undefined)).toBe('refused-by-rule');
    expect(lineBreakFor(undefined, 'return')).toBe('return');
    expect(lineBreakFor(undefined, 'shift-return')).toBe('shift-return');
    expect(lineBreakFor(undefined, 'refuse')).toBe('refused-by-rule');
  });
});

describe('withoutLineBreaks', () => {
  it('each run of breaks becomes one space, none at the start', () => {
    expect(withoutLineBreaks('Wound clean.\nDressing.\n\nPlan.')).toEqual({
      text: 'Wound clean. Dressing. Plan.',
      refused: 2,
    });
    expect(withoutLineBreaks('\nPlan. \r\n Done')).toEqual({ text: 'Plan. Done', refused: 2 });
    expect(withoutLineBreaks('No break.')).toEqual({ text: 'No break.', refused: 0 });
  });
});

describe('Shift+Return by rule', () => {
  it('type mode presses Shift+Return for a line break where the application’s rule says so', async () => {
    const desktop = new FakeDesktop();
    const window = desktop.addWindow('w', 'teams');
    const rules = [{ app: 'Teams', lineBreak: 'shift-return' as const }];
    const plan = planFor(window.target, { mode: 'type', rules });
    expect(plan.shiftReturn).toBe(true);
    const writer = new FieldWriter(desktop, {} as ClipboardPaster, window.target, plan);
    await writer.write('Hi.\nBye.');
    expect(desktop.log.filter((l) => l !== 'release')).toEqual(['type:Hi.', 'return*1+shift', 'type:Bye.']);
    expect(window.text).toBe('Hi.\nBye.');
    // Without the rule a break is typed as the character (Return).
    expect(planFor(window.target, { mode: 'type' }).shiftReturn).toBeUndefined();
  });
});
