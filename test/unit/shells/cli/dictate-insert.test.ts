import { afterEach, describe, expect, it } from 'vitest';
import {
  insertionNotices,
  insertMode,
  startCliInsertion,
} from '../../../../main/shells/cli/commands/dictate-insert.ts';
import type { CliError } from '../../../../main/shells/cli/io.ts';
import { EXIT } from '../../../../main/shells/cli/io.ts';
import { DEFAULT_PLAN } from '../../../../main/features/dictation/insertion/insertion-types.ts';
import { useLocale } from '../../../../preload/words/index.ts';

const display = process.env.DISPLAY;
afterEach(() => {
  useLocale('en');
  if (display === undefined) delete process.env.DISPLAY;
  else process.env.DISPLAY = display;
});

describe('scribe dictate --insert', () => {
  it('accepts paste, type and copy only, as a usage error', () => {
    expect(insertMode('type')).toBe('type');
    expect(insertMode(undefined)).toBeUndefined();
    expect(() => insertMode('keys')).toThrow(/--insert must be one of paste, type, copy/);
    try {
      insertMode('keys');
    } catch (error) {
      expect((error as CliError).exitCode).toBe(EXIT.usage);
    }
  });

  it('without an X display says so before anything is sent', async () => {
    delete process.env.DISPLAY;
    await expect(startCliInsertion('paste', [])).rejects.toThrow(/needs an X11 display/);
  });

  it('copy mode is what was asked for: a note, not a failure', () => {
    const notices = insertionNotices({
      target: { id: '1' },
      plan: { ...DEFAULT_PLAN, mode: 'copy' },
      complete: false,
      notInserted: 'copy_mode',
      message: 'Copied to the clipboard (copy-only mode).',
      correctionsInPlace: 0,
      correctionsInBox: 0,
    });
    expect(notices).toEqual({
      notes: ['Copied to the clipboard (copy-only mode). The text is also on stdout.'],
    });
  });

  it('stderr words never carry dictated text', () => {
    const notices = insertionNotices({
      target: { id: '1', app: 'XTerm' },
      plan: DEFAULT_PLAN,
      complete: false,
      notInserted: 'focus_lost',
      message:
        'The window dictation started in (XTerm) could not be brought back: copied to the clipboard instead.',
      correctionsInPlace: 0,
      correctionsInBox: 2,
    });
    expect(notices.failure).toMatch(/copied to the clipboard instead\. The text is also on stdout\./);
    expect(notices.notes).toEqual([expect.stringMatching(/^2 corrections were not applied/)]);
  });

  it('words why the text was not inserted from its code, in the CLI’s language, not from the result’s English', () => {
    useLocale('fr');
    const notices = insertionNotices({
      target: { id: '1', app: 'XTerm' },
      plan: DEFAULT_PLAN,
      complete: false,
      notInserted: 'focus_lost',
      message: 'English words made when the insertion ended.',
      correctionsInPlace: 0,
      correctionsInBox: 0,
    });
    expect(notices.failure).toMatch(/XTerm/);
    expect(notices.failure).not.toMatch(/English|clipboard|The text is also/);
    expect(notices.failure).toMatch(/presse-papiers/);
  });
});
