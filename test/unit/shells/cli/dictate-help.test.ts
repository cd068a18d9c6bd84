/**
 * "What can I say" on the command line: `scribe dictate --help` lists every voice command in the dictation
 * language (--locale), what each does in the display language, without connecting to anything.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dictateCommand } from '../../../../main/shells/cli/commands/dictate.ts';
import { ALL_PHRASES } from '../../../../preload/contract/command-phrases.ts';
import { useLocale, voiceCommandLines } from '../../../../preload/words/index.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  useLocale('en');
});

describe('scribe dictate --help', () => {
  it('lists every command in the dictation language, beside what it does', async () => {
    const lines = (await dictateCommand.moreHelp!(['--help', '--locale', 'FRENCH_FR'])).split('\n');
    expect(lines[0]).toBe('Voice commands in French (France) (say each alone, between pauses):');
    // The heading, one line per command, then what --async-corrections changes.
    expect(lines).toHaveLength(1 + Object.keys(ALL_PHRASES.fr).length + 1);
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}efface ça · annule ça +take out the last phrase/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}insère ‹name› · insérer ‹name› +insert one of your Texts/),
    );
  });

  it('names the dictation language in words in French and Spanish, never by its code (issue 31 item 4)', async () => {
    // The CLI speaks the configured display language (SCRIBE_DISPLAY_LANGUAGE here).
    vi.stubEnv('SCRIBE_DISPLAY_LANGUAGE', 'fr');
    expect((await dictateCommand.moreHelp!(['--help', '--locale', 'ENGLISH_US'])).split('\n')[0]).toBe(
      'Commandes vocales en anglais (États-Unis) (dites chacune seule, entre deux pauses) :',
    );
    vi.stubEnv('SCRIBE_DISPLAY_LANGUAGE', 'es');
    expect((await dictateCommand.moreHelp!(['--help', '--locale', 'FRENCH_FR'])).split('\n')[0]).toBe(
      'Comandos de voz en francés (Francia) (diga cada uno solo, entre pausas):',
    );
  });

  it('words what each does in the display language', () => {
    useLocale('es');
    const lines = voiceCommandLines('ENGLISH_US');
    expect(lines.find((l) => l.kind === 'select')).toEqual({
      kind: 'select',
      said: 'select ‹palabras›',
      does: 'seleccionar esas palabras (en el cuadro de dictado o en un campo que se puede leer)',
    });
    for (const line of lines) expect(line.does).not.toBe('');
  });
});
