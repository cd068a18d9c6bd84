/**
 * Voice commands in a recovered dictation, fed as the recovery path feeds them (resendRecovered's
 * onDictatedText: the whole text after each unit, correction and rollback): text-shaping commands applied as
 * `scribe dictate` prints them, the others left out and listed once, also when a drop during the resend
 * brought a command back in units cut differently.
 */
import { describe, expect, it } from 'vitest';
import { CommandFilter } from '../../../../../main/features/dictation/commands/command-filter.ts';
import { RecoveredCommands } from '../../../../../main/features/dictation/commands/recovered-commands.ts';

/** What `scribe dictate` prints for these units (the same filter, fed unit by unit). */
function dictated(units: string[]): string {
  const filter = new CommandFilter({ locale: 'ENGLISH_US', enabled: true });
  let raw = '';
  for (const unit of units) filter.update((raw += unit));
  return filter.text;
}

/** Feeds a scripted sequence of whole texts (units appended, rollbacks) and returns the result. */
function recover(texts: string[], enabled = true, locale = 'ENGLISH_US') {
  const commands = new RecoveredCommands({ enabled });
  for (const text of texts) commands.update(text, locale);
  return commands.result(texts.at(-1)!);
}

/** The whole texts a session reports for these units, one per unit. */
function growing(units: string[], from = ''): string[] {
  let raw = from;
  return units.map((unit) => (raw += unit));
}

describe('RecoveredCommands', () => {
  it('applies scratch that and new line to the recovered text, as scribe dictate prints it', () => {
    const units = [' Wound clean.', ' No drainage.', ' Scratch that.', ' New line', ' Knee stable.'];
    const out = recover(growing(units));
    expect(out.text).toBe(dictated(units));
    expect(out.text).toBe(' Wound clean.\nKnee stable.');
    expect(out.notReplayed).toEqual([]);
  });

  it('never replays field moves, select or stop: left out of the text and listed', () => {
    const units = [' Wound clean.', ' Next field.', ' Select wound', ' Stop dictating.'];
    const out = recover(growing(units));
    expect(out.text).toBe(' Wound clean.');
    expect(out.notReplayed.map((c) => c.kind)).toEqual(['next_field', 'select', 'stop']);
  });

  it('a command the resend brings back after a drop, in other units, counts once', () => {
    const before = growing([' Wound clean.', ' Next field.', ' New line', ' Knee stable.']);
    // The socket dropped: its text is rolled back, and the replay cuts the same words into other units.
    const replayed = [' Wound clean. Next field.', ' New line', ' Knee stable. Left knee.', ' Scratch that.'];
    const after = growing([...replayed, ' Dressing daily.']);
    const out = recover([...before, '', ...after]);
    expect(out.text).toBe(dictated([...replayed, ' Dressing daily.']));
    expect(out.text).not.toMatch(/Next field|Knee|Scratch/);
    expect(out.text).toMatch(/^ Wound clean\.\s*\n\s*Dressing daily\.$/);
    expect(out.notReplayed.map((c) => c.kind)).toEqual(['next_field']);
  });

  it('the dictation locale is the journal’s: French commands in a French dictation', () => {
    const out = recover(growing([' Plaie propre.', ' Champ suivant.', ' Efface ça.']), true, 'FRENCH_FR');
    expect(out.text).toBe('');
    expect(out.notReplayed.map((c) => c.kind)).toEqual(['next_field']);
  });

  it('commands off (setting or policy): every word is text, nothing listed', () => {
    const texts = growing([' Wound clean.', ' Scratch that.', ' Next field.']);
    expect(recover(texts, false)).toEqual({ text: texts.at(-1), notReplayed: [] });
  });

  it('a final text no update said is followed too; without any update it is kept as is', () => {
    const commands = new RecoveredCommands({ enabled: true });
    commands.update(' Wound clean.', 'ENGLISH_US');
    expect(commands.result(' Wound clean. New paragraph').text).toBe(' Wound clean.\n\n');
    expect(new RecoveredCommands({ enabled: true }).result(' Scratch that.').text).toBe(' Scratch that.');
  });

  it('go to sleep … wake up and the case commands shape the recovered text, as scribe dictate prints it', () => {
    const units = [
      ' Wound clean.',
      ' Go to sleep.',
      ' Coffee break.',
      ' Wake up.',
      ' left knee.',
      ' All caps that.',
    ];
    const out = recover(growing(units));
    expect(out).toEqual({ text: ' Wound clean. LEFT KNEE.', notReplayed: [] });
    expect(out.text).toBe(dictated(units));
  });
});
