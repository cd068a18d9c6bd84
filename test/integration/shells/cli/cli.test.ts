import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, TRANSCRIPT, type Harness } from '../../core/api/harness.ts';
import { scribe as run, serviceForCli, WITH_KEYCHAIN } from './scribe-run.ts';

/**
 * Runs the CLI as shipped (the bundle scribe-run.ts builds once a run); `viaNpm` runs it exactly as the
 * contract says for development, `npm run --silent scribe -- …` from the repository root (npm and tsx add
 * about three seconds a run, so one test proves that path). No sound server's address (XDG_RUNTIME_DIR):
 * doctor must not touch the audio library unless asked (--mic), so stderr stays clean on a machine without
 * sound. The session bus stays: the keychain holds the audit trail's key, as on a clinician's computer
 * (without one the CLI says on stderr that the trail is not keyed).
 */
const scribe = (args: string[], env: Record<string, string | undefined>, viaNpm = false) =>
  run(args, env, { inherit: WITH_KEYCHAIN, viaNpm });

let h: Harness;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  ({ h, dir, env } = await serviceForCli('scribe-cli-'));
  await writeFile(join(dir, 'visit.txt'), TRANSCRIPT.map((i) => `${i.speaker_type}: ${i.text}`).join('\n'));
  await writeFile(
    join(dir, 'visit.jsonl'),
    TRANSCRIPT.map((i) =>
      JSON.stringify({
        text: i.text,
        speaker_type: i.speaker_type,
        start_ms: i.start_offset_ms,
        end_ms: i.end_offset_ms,
      }),
    ).join('\n'),
  );
});
afterAll(() => h.close());

describe('scribe doctor', () => {
  it('passes every check as a server caller, run as `npm run --silent scribe -- doctor`', async () => {
    const run = await scribe(['doctor'], env, true);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ok\s+configuration/m);
    expect(run.stdout).toMatch(/^ok\s+Sign-in: Signed in with organization server credentials/m);
    expect(run.stdout).toMatch(/^ok\s+Note service: \d+ note templates available/m);
    expect(run.stdout).not.toMatch(/Microphone/);
  });

  it('provisions and authenticates a configured user and reads its note settings', async () => {
    const run = await scribe(['doctor'], { ...env, SCRIBE_USER_EXTERNAL_ID: 'cli-doctor-user' });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ok\s+user: user [0-9a-f-]{36}/m);
    expect(run.stdout).toMatch(/^ok\s+note settings/m);
  });

  it('says the service refused the client assertion, and why', async () => {
    const run = await scribe(['doctor'], {
      ...env,
      SCRIBE_CLIENT_ID: '00000000-0000-4000-8000-000000000000',
    });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toMatch(/^FAIL\s+Sign-in:.*HTTP 401/m);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/Sign-in failed.*Reason given: .+/);
  });

  it('names missing and bad settings with their source', async () => {
    const missing = await scribe(['doctor'], { SCRIBE_SERVICE_URL: h.service.url });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/SCRIBE_CLIENT_ID, SCRIBE_PRIVATE_KEY_FILE/);
    const bad = await scribe(['doctor'], { ...env, SCRIBE_SERVICE_URL: 'https://api.example.com' });
    expect(bad.stderr).toMatch(/serviceUrl from environment SCRIBE_SERVICE_URL: .*region/);
    const flag = await scribe(['doctor', '--service-url', 'http://example.com'], env);
    expect(flag.stderr).toMatch(/serviceUrl from .*flag/);
  });
});

describe('scribe note', () => {
  it('prints an EHR-ready note from plain lines, only on stdout', async () => {
    const run = await scribe(['note', '--transcript', join(dir, 'visit.txt')], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^[A-Z][A-Z &/-]+:$/m); // a section title line
    expect(run.stdout).toMatch(/lisinopril/i);
    expect(run.stdout).not.toMatch(/[{}"]/);
  });

  it('prints JSON from JSON lines, with the chosen template and locale', async () => {
    const run = await scribe(
      [
        'note',
        '--transcript',
        join(dir, 'visit.jsonl'),
        '--template',
        'SOAP',
        '--locale',
        'ENGLISH_UK',
        '--json',
      ],
      env,
    );
    expect(run.code).toBe(0);
    const note = JSON.parse(run.stdout);
    expect(note.template_key).toBe('SOAP');
    expect(note.locale).toBe('ENGLISH_UK');
  });

  it('prints the suggested orders after the note with --orders, a medication named in the CLI’s language', async () => {
    const [english, french] = await Promise.all([
      scribe(['note', '--transcript', join(dir, 'visit.txt'), '--orders'], {
        ...env,
        SCRIBE_DISPLAY_LANGUAGE: 'en',
      }),
      scribe(['note', '--transcript', join(dir, 'visit.txt'), '--orders'], {
        ...env,
        SCRIBE_DISPLAY_LANGUAGE: 'fr',
      }),
    ]);
    expect(english.stderr).toBe('');
    expect(english.code).toBe(0);
    // The service's START, ORAL and "daily" as the window shows and copies them, never as codes.
    const orders = english.stdout.slice(english.stdout.indexOf('SUGGESTED ORDERS:'));
    expect(orders).toContain('Medications:\n- Lisinopril 10 mg, start, 10 mg, once a day, by mouth (PO)');
    expect(orders).not.toMatch(/START|ORAL|MEDICATION/);
    expect(french.code).toBe(0);
    expect(french.stdout).toContain(
      'Médicaments:\n- Lisinopril 10 mg, débuter, 10 mg, une fois par jour, orale (per os)',
    );
    const json = await scribe(['note', '--transcript', join(dir, 'visit.txt'), '--orders', '--json'], env);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.note.sections.length).toBeGreaterThan(0);
    expect(parsed.suggested_orders).toContainEqual(
      expect.objectContaining({ category: 'MEDICATION', action: 'START' }),
    );
  });

  it('--orders: when the orders cannot be had, the note already written is still printed, and the failure said', async () => {
    h.service.control.failNext({ path: /generate-suggested-orders$/, status: 400 });
    const run = await scribe(['note', '--transcript', join(dir, 'visit.txt'), '--orders'], env);
    expect(run.code).not.toBe(0);
    expect(run.stdout.length).toBeGreaterThan(0);
    expect(run.stdout).not.toContain('SUGGESTED ORDERS:');
    expect(run.stderr).toMatch(/^scribe: /);
  });

  it('sends the customization saved in the app with server credentials (the service keeps none for them)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-data-'));
    await writeFile(
      join(dataDir, 'note-customization.json'),
      JSON.stringify({
        version: 1,
        templates: {
          GENERIC_MULTIPLE_SECTIONS: {
            templateInstruction: 'Use plain words.',
            sections: [{ key: 'VITALS', style: 'BULLET_POINTS', instruction: '' }],
          },
        },
      }),
    );
    h.service.control.clearRequests();
    const run = await scribe(
      ['note', '--transcript', join(dir, 'visit.txt'), '--template', 'GENERIC_MULTIPLE_SECTIONS', '--json'],
      { ...env, SCRIBE_DATA_DIR: dataDir },
    );
    expect(run.code).toBe(0);
    const vitals = JSON.parse(run.stdout).sections.find((s: { key: string }) => s.key === 'VITALS');
    expect(vitals.content.text).toMatch(/^- /);
    expect(h.service.control.requests.find((r) => r.path.endsWith('/generate-note'))?.fields).toMatchObject({
      note_sections_customization: 1,
      note_template_custom_instructions: 'Use plain words.'.length,
    });
  });

  it('works as a user caller', async () => {
    const run = await scribe(['note', '--transcript', join(dir, 'visit.txt'), '--json'], {
      ...env,
      SCRIBE_USER_EXTERNAL_ID: 'cli-note-user',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).sections.length).toBeGreaterThan(0);
  });

  it('passes --context as unstructured_context, and refuses 10,001 characters before sending anything', async () => {
    await writeFile(join(dir, 'ok.txt'), 'Known hypertension. '.repeat(10));
    h.service.control.clearRequests();
    expect(
      (await scribe(['note', '--transcript', join(dir, 'visit.txt'), '--context', join(dir, 'ok.txt')], env))
        .code,
    ).toBe(0);
    const sent = h.service.control.requests.find((r) => r.path === '/v1/core/server/generate-note');
    expect(sent?.status).toBe(200);
    expect(sent?.fields?.unstructured_context).toBe(200); // the file's characters, all of them
    await writeFile(join(dir, 'long.txt'), 'x'.repeat(10_001));
    h.service.control.clearRequests();
    const run = await scribe(
      ['note', '--transcript', join(dir, 'visit.txt'), '--context', join(dir, 'long.txt')],
      env,
    );
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/10,001 characters; the limit is 10,000.*Nothing was sent/);
    expect(h.service.control.requests).toHaveLength(0);
  });

  it('refuses --template for a user, and an empty transcript, before connecting (no user provisioned)', async () => {
    h.service.control.clearRequests();
    const template = await scribe(['note', '--transcript', join(dir, 'visit.txt'), '--template', 'SOAP'], {
      ...env,
      SCRIBE_USER_EXTERNAL_ID: 'cli-template-user',
    });
    expect(template.code).toBe(2);
    expect(template.stdout).toBe('');
    expect(template.stderr).toMatch(
      /--template cannot be used with SCRIBE_USER_EXTERNAL_ID.*Nothing was sent/,
    );
    expect(template.stderr).not.toMatch(/Settings/);
    await writeFile(join(dir, 'blank.txt'), '\n  \nDOCTOR:  \n');
    const blank = await scribe(['note', '--transcript', join(dir, 'blank.txt')], env);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toMatch(/no transcript text.*Nothing was sent/);
    expect(h.service.control.requests).toHaveLength(0);
    expect(await h.serverCore.findUserByExternalId('cli-template-user')).toBeUndefined();
  });

  it('fails with a one-line reason for a missing file or an unknown command', async () => {
    const missing = await scribe(['note', '--transcript', join(dir, 'nope.txt')], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/transcript file cannot be read \(ENOENT\)/);
    const unknown = await scribe(['frobnicate'], env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('scribe with the computer’s clock 10 minutes off the service’s', () => {
  it.each([
    ['fast', -10 * 60_000],
    ['slow', 10 * 60_000],
  ])('doctor and note work with the clock 10 minutes %s, as a server and as a user', async (_l, offset) => {
    const skewed = await startHarness({ clockOffsetMs: offset });
    try {
      const keyDir = await mkdtemp(join(tmpdir(), 'scribe-skew-'));
      await writeFile(join(keyDir, 'key.pem'), skewed.staticPem, { mode: 0o600 });
      const skewEnv = {
        SCRIBE_SERVICE_URL: skewed.service.url,
        SCRIBE_CLIENT_ID: skewed.fixtures.staticClient.id,
        SCRIBE_PRIVATE_KEY_FILE: join(keyDir, 'key.pem'),
      };
      const doctor = await scribe(['doctor'], skewEnv);
      expect(doctor.stderr).toBe('');
      expect(doctor.code).toBe(0);
      expect(doctor.stdout).toMatch(/clock is 10 minutes (ahead of|behind) the service's/);
      const note = await scribe(['note', '--transcript', join(dir, 'visit.txt')], skewEnv);
      expect(note.code).toBe(0);
      const asUser = await scribe(['note', '--transcript', join(dir, 'visit.txt')], {
        ...skewEnv,
        SCRIBE_USER_EXTERNAL_ID: 'ext-skewed-clock',
      });
      expect(asUser.code).toBe(0);
      // No refresh on every call: the user token is judged by the lifetime it arrived with.
      expect(skewed.count('/jwt/refresh')).toBe(0);
    } finally {
      await skewed.close();
    }
  });
});
