/**
 * Each command's own lines in the clinician's language (issue 19): `scribe doctor` (every check's name,
 * its status and what it found, and the failure line) and `scribe audit verify` (intact, with its count;
 * broken, naming the record and why) under LANG=fr_FR.UTF-8 against the local service, in French — and
 * the same commands still in English under LANG=C, as the other CLI tests expect.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness } from '../../core/api/harness.ts';
import { appTrail, scribe, serviceForCliWithData } from './scribe-run.ts';

const FR = { LANG: 'fr_FR.UTF-8' };
let h: Harness;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  ({ h, dir, env } = await serviceForCliWithData('scribe-cli-commands-words-'));
  const trail = appTrail(env.SCRIBE_DATA_DIR!);
  await trail.record({ kind: 'visit_started', sample: false, streams: 1 });
  await trail.record({ kind: 'visit_ended' });
  await trail.record({ kind: 'note_generated', mode: 'sync', withContext: false });
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

// Each case starts the CLI (Node and tsx) once or twice: seconds each on a loaded machine.
describe('the CLI’s commands in French', { timeout: 120_000 }, () => {
  it('doctor names every check and says what it found in French', async () => {
    const run = await scribe(['doctor'], { ...env, ...FR, SCRIBE_USER_EXTERNAL_ID: 'cli-words-user' });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^ok {5}configuration : http:\/\/\S+, version d’API \S+, au nom d’un utilisateur$/,
    );
    expect(lines[1]).toMatch(/^ok {5}clé privée : clé RSA lue$/);
    expect(run.stdout).toMatch(/^ok {5}Connexion : /m);
    expect(run.stdout).toMatch(/^ok {5}Service de notes : /m);
    expect(run.stdout).toMatch(/^ok {5}utilisateur : utilisateur [0-9a-f-]{36}$/m);
    expect(run.stdout).toMatch(/^ok {5}connexion de l’utilisateur : jetons obtenus$/m);
    expect(run.stdout).toMatch(/^ok {5}réglages des notes : modèle .+, langue .+$/m);
    // Named in words, never by their codes (issue 31 item 4).
    expect(run.stdout).not.toMatch(/réglages des notes : .*\b[A-Z]+_[A-Z_]+\b/);
    expect(run.stdout).not.toMatch(/private key|user sign-in|note settings|tokens minted|API version/);
  });

  it('doctor’s failure in French: the ÉCHEC line on stdout and one French line on stderr', async () => {
    const run = await scribe(['doctor'], {
      ...env,
      ...FR,
      SCRIBE_CLIENT_ID: '00000000-0000-4000-8000-000000000000',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ÉCHEC {2}Connexion : .*HTTP 401/m);
    expect(run.stderr).toMatch(/^scribe: doctor : échec de « Connexion » : .*Motif donné : .+\n$/);
    expect(run.stderr).not.toMatch(/failed|Reason given/);
  });

  it('audit verify says intact with its count, then names the broken record and why, in French', async () => {
    const intact = await scribe(['audit', 'verify'], { ...env, ...FR });
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toBe('audit : piste intacte (3 enregistrements depuis le n° 1)\n');
    const english = await scribe(['audit', 'verify'], { ...env, LANG: 'C' });
    expect(english.stdout).toBe('audit: intact (3 records from #1)\n');

    const file = join(
      env.SCRIBE_DATA_DIR!,
      (await readdir(env.SCRIBE_DATA_DIR!)).find((f) => f.endsWith('.jsonl'))!,
    );
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[1] = lines[1]!.replace('"visit_ended"', '"visit_started","sample":true,"streams":2');
    await writeFile(file, lines.join('\n'));
    const broken = await scribe(['audit', 'verify'], { ...env, ...FR });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      'scribe: audit : chaîne rompue à l’enregistrement n° 2 (audit-0000000001.jsonl, ligne 2) : il a été modifié après son écriture (son empreinte ne correspond pas).\n',
    );
  });
});
