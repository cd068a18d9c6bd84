/**
 * The CLI speaks the window's language (issue 19): its help and its usage and configuration errors come
 * from the words module, in the language IT's policy or SCRIBE_DISPLAY_LANGUAGE names, else the system's
 * (LC_ALL, LC_MESSAGES, LANG), else English.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../preload/words/index.ts';
import { scribe as run } from './scribe-run.ts';

/**
 * Its own data folder: the user's audit trail (keyed by other tests with a keychain) is not touched. Lines
 * about the audit trail, and the one sentence saying the keychain cannot be used, are not the command's (in
 * English or, since the CLI speaks it, French): left out of `err`.
 */
async function scribe(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await run(args, { SCRIBE_DATA_DIR: DATA_DIR, ...env });
  const audit =
    /^scribe: ((audit trail|piste d’audit|registro de auditoría) ?: |The system keychain |Le trousseau du système |El llavero del sistema ).*\n/gm;
  return { code, out: stdout, err: stderr.replace(audit, '') };
}

const DATA_DIR = mkdtempSync(join(tmpdir(), 'scribe-cli-words-'));

describe('the CLI in the clinician’s language', () => {
  it(
    'prints its help in French under LANG=fr_FR.UTF-8, each command said in French',
    { timeout: 60_000 },
    async () => {
      const { code, out } = await scribe(['--help'], { LANG: 'fr_FR.UTF-8' });
      expect(code).toBe(0);
      expect(out.split('\n')[0]).toBe('usage : scribe <commande> [options]');
      for (const what of Object.values(LOCALES.fr.cli.commands)) expect(out).toContain(what);
      expect(out).toContain('connexion (les options priment sur l’environnement) :');
      for (const what of Object.values(LOCALES.en.cli.commands)) expect(out).not.toContain(what);
    },
  );

  it(
    'prints English under LANG=C, and the configured language before the system’s',
    { timeout: 60_000 },
    async () => {
      const [english, spanish] = await Promise.all([
        scribe(['help'], { LANG: 'C' }),
        scribe(['--help'], { LANG: 'fr_FR.UTF-8', SCRIBE_DISPLAY_LANGUAGE: 'es' }),
      ]);
      expect(english.out).toMatch(
        /^usage: scribe <command> \[options\]\n {2}doctor \[--mic\] +check configuration/,
      );
      expect(spanish.out.split('\n')[0]).toBe('uso: scribe <comando> [opciones]');
    },
  );

  it(
    "gives one command's help with --help (dictate: its voice commands), and its version with --version",
    { timeout: 60_000 },
    async () => {
      const c = { LANG: 'C' };
      const [note, dictate, version] = await Promise.all([
        scribe(['note', '--help'], c),
        scribe(['dictate', '-h'], c),
        scribe(['--version'], c),
      ]);
      expect(note).toMatchObject({ code: 0, err: '' });
      expect(note.out).toMatch(/^usage: scribe note --transcript FILE .*\n {2}write a clinical note/s);
      expect(note.out).not.toContain('dictate');
      expect(dictate.code).toBe(0);
      expect(dictate.out).toMatch(/Voice commands in English \(US\) .*scratch that · undo that .*new line/s);
      expect(dictate.out).toContain('--async-corrections: the service may correct words');
      expect(version.code).toBe(0);
      expect(version.out).toMatch(/^scribe \d+\.\d+\.\d+\S* \(service API \d{4}-\d{2}-\d{2}\)\n$/);
    },
  );

  it(
    'words usage and configuration errors in French, with their exit code',
    { timeout: 120_000 },
    async () => {
      const fr = { LANG: 'fr_FR.UTF-8' };
      const transcript = join(mkdtempSync(join(tmpdir(), 'scribe-words-')), 'visit.txt');
      writeFileSync(transcript, 'DOCTOR: Good morning.\n');
      // Each run starts Node and tsx (seconds on a loaded machine): side by side.
      const [none, unknown, option, value, required, extra, missing] = await Promise.all([
        scribe([], fr),
        scribe(['nope'], fr),
        scribe(['note', '--bogus'], fr),
        scribe(['note', '--template'], fr),
        scribe(['note'], fr),
        scribe(['devices', 'x'], fr),
        scribe(['note', '--transcript', transcript], { LC_ALL: 'fr_CA.UTF-8' }),
      ]);
      expect(none).toMatchObject({
        code: 2,
        err: 'scribe: Aucune commande donnée. usage : scribe <commande> [options] Lancez « scribe help » pour la liste des commandes.\n',
      });
      expect(unknown.err).toBe(
        'scribe: Commande inconnue « nope ». Lancez « scribe help » pour la liste des commandes.\n',
      );
      expect(option.err).toBe('scribe: Option inconnue --bogus.\n');
      expect(value.err).toBe('scribe: --template attend une valeur.\n');
      expect(required.err).toBe('scribe: note : --transcript FILE est obligatoire.\n');
      expect(extra.err).toBe('scribe: devices ne prend aucun argument.\n');
      expect(missing).toMatchObject({ code: 2 });
      expect(missing.err).toMatch(/^scribe: Configuration manquante : définissez SCRIBE_SERVICE_URL, /);
    },
  );
});
