/**
 * What main/core and the broker find, in the clinician's (or IT's) language (issue 19): a streaming failure
 * (the service's error frame), a `--patient` file's fields, a configuration problem, a refused private key
 * file and the broker's configuration, each printed by the real CLI under LANG=fr_FR.UTF-8 against the
 * local service: French words, and none of the English sentences main/core used to put in its messages.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketRecord } from '../../../service/index.ts';
import { FIXTURE_DIR } from '../../../fixtures/audio/manifest.ts';
import { startStreamingHarness, type StreamingHarness } from '../../core/streaming/harness.ts';
import { cliEnv, scribe, type Run } from './scribe-run.ts';

/** The English of main/core's old messages: none may reach a French line. */
const OLD_ENGLISH =
  /The service|stopped the stream|could not be|cannot be read|private key|RSA keys|Too small|Invalid option|Unrecognized key|Invalid input| from environment|must be|is missing|go together|config file|broker configuration/;

const FR = { LANG: 'fr_FR.UTF-8' };
/** The audit trail's line or the one sentence without the keychain: no failure. */
const NOTE = /^scribe: (audit trail ?:|piste d’audit ?:|The system keychain |Le trousseau du système )/;
const VISIT = join(FIXTURE_DIR, 'visit.wav');
let h: StreamingHarness;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  h = await startStreamingHarness();
  dir = await mkdtemp(join(tmpdir(), 'scribe-cli-core-words-'));
  await writeFile(join(dir, 'visit.txt'), 'Doctor: How are you feeling today?\nPatient: Much better.\n');
  env = {
    ...FR,
    ...(await cliEnv(h, dir)),
    SCRIBE_DATA_DIR: join(dir, 'data'),
    SCRIBE_POLICY_FILE: join(dir, 'no-policy.json'),
  };
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

/** One line on stderr, `scribe: ` and French words; none of the old English. */
function frenchLine(run: Run): string {
  expect(run.code, run.stderr).not.toBe(0);
  const lines = run.stderr.split('\n').filter((l) => l !== '' && !NOTE.test(l));
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).not.toMatch(OLD_ENGLISH);
  return lines[0]!;
}

// Each case starts the CLI (Node and tsx): seconds each on a loaded machine.
describe('what main/core finds, in French on the CLI', { timeout: 120_000 }, () => {
  it('a streaming failure: the service’s error frame, worded from its code', async () => {
    const fatal = (record: SocketRecord, type: string): void => {
      if (type === 'CONFIG') h.streaming.sendError({ code: 83005 }, { socketId: record.id, closeCode: 1008 });
    };
    h.streaming.on('frame', fatal);
    const run = await scribe(['transcribe', VISIT, '--fast', '--no-journal'], env).finally(() =>
      h.streaming.off('frame', fatal),
    );
    expect(frenchLine(run)).toMatch(
      /^scribe: L’échange est trop court pour rédiger une note\. .+ \(service_error, code du service 83005\)$/,
    );
  });

  it('a --patient file’s fields: the problem and the field path in French, nothing sent', async () => {
    const patient = join(dir, 'patient.json');
    await writeFile(patient, JSON.stringify({ age: 200, sex: 'X', eye_colour: 'blue' }));
    const before = h.service.control.requests.length;
    const run = await scribe(['note', '--transcript', join(dir, 'visit.txt'), '--patient', patient], env);
    expect(frenchLine(run)).toBe(
      'scribe: --patient : age : doit être au plus 130 ; sex : doit être l’une des valeurs FEMALE, MALE, OTHER, UNKNOWN ; le fichier : contient des champs que cette version ne connaît pas : eye_colour. Rien n’a été envoyé.',
    );
    expect(h.service.control.requests.length).toBe(before);
  });

  it('a configuration problem: the key, where it was set and what is wrong', async () => {
    const run = await scribe(['note', '--transcript', join(dir, 'visit.txt')], {
      ...env,
      SCRIBE_NOTE_LOCALE: 'KLINGON',
    });
    expect(frenchLine(run)).toMatch(
      /^scribe: Configuration : noteLocale \(la variable d’environnement SCRIBE_NOTE_LOCALE\) : doit être l’une des valeurs ENGLISH_US, .+$/,
    );
  });

  it('a refused private key file: unreadable, not PEM, not RSA (also in doctor)', async () => {
    const note = (key: string) =>
      scribe(['note', '--transcript', join(dir, 'visit.txt')], { ...env, SCRIBE_PRIVATE_KEY_FILE: key });
    expect(frenchLine(await note(join(dir, 'absent.pem')))).toBe(
      'scribe: Le fichier de clé privée ne peut pas être lu (ENOENT).',
    );
    await writeFile(join(dir, 'text.pem'), 'not a key\n');
    expect(frenchLine(await note(join(dir, 'text.pem')))).toBe(
      'scribe: Le fichier de clé privée n’est pas une clé privée PEM lisible.',
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await writeFile(join(dir, 'ec.pem'), ec.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(frenchLine(await note(join(dir, 'ec.pem')))).toBe(
      'scribe: La clé privée est de type ec ; le service n’accepte que les clés RSA (RS256).',
    );
    const doctor = await scribe(['doctor'], { ...env, SCRIBE_PRIVATE_KEY_FILE: join(dir, 'ec.pem') });
    expect(doctor.stdout).toMatch(
      /^ÉCHEC {2}clé privée : La clé privée est de type ec ; le service n’accepte que les clés RSA \(RS256\)\.$/m,
    );
    expect(doctor.stdout).not.toMatch(OLD_ENGLISH);
  });

  it('the broker’s configuration: a key missing, a value refused, a file unreadable, an address taken', async () => {
    const broker = (args: string[], more: Record<string, string> = {}) =>
      scribe(['broker', ...args], { ...env, SCRIBE_BROKER_AUDIENCE: 'scribe-desktop', ...more });
    expect(frenchLine(await broker([]))).toBe(
      'scribe: configuration du courtier : issuer manque : définissez SCRIBE_BROKER_ISSUER ou « issuer » dans le fichier de configuration.',
    );
    const issuer = { SCRIBE_BROKER_ISSUER: 'http://127.0.0.1:9/' };
    expect(frenchLine(await broker(['--listen', '127.0.0.1:99999'], issuer))).toBe(
      'scribe: configuration du courtier : listen (option --listen) : doit être un port de 0 à 65535.',
    );
    expect(frenchLine(await broker(['--config', join(dir, 'absent.json')], issuer))).toBe(
      `scribe: configuration du courtier : le fichier de configuration ${join(dir, 'absent.json')} ne peut pas être lu (ENOENT).`,
    );
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const listen = `127.0.0.1:${(taken.address() as AddressInfo).port}`;
    try {
      expect(frenchLine(await broker(['--listen', listen], issuer))).toBe(
        `scribe: configuration du courtier : impossible d’écouter sur ${listen} (EADDRINUSE).`,
      );
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('the same failures keep their English under LANG=C', async () => {
    const run = await scribe(['note', '--transcript', join(dir, 'visit.txt')], {
      ...env,
      LANG: 'C',
      SCRIBE_PRIVATE_KEY_FILE: join(dir, 'absent.pem'),
    });
    expect(run.stderr.split('\n').filter((l) => l !== '' && !NOTE.test(l))).toEqual([
      'scribe: The private key file cannot be read (ENOENT).',
    ]);
  });
});
