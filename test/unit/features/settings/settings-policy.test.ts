/**
 * The policy as the handlers apply it (main/features/settings/settings-policy.ts) and the live configuration
 * (main/core/config/live-config.ts): what the window is told, what is refused, and that a broken or half-written
 * policy never relaxes what is in force.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveConfig, type Resolved } from '../../../../main/core/config/live-config.ts';
import {
  resolveConfig,
  type ConfigInputs,
  type ResolveResult,
} from '../../../../main/core/config/resolve-config.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { SettingsPolicy } from '../../../../main/features/settings/settings-policy.ts';
import { PolicyViewSchema } from '../../../../preload/contract/index.ts';
import { formatError, lockReasonText, settingTitle } from '../../../../preload/words/index.ts';

const ORIGIN = '/etc/scribe-desktop/policy.json';

function resolved(inputs: ConfigInputs): Resolved {
  const result = resolveConfig(inputs);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result;
}
function policyOf(values: Record<string, unknown>, env: Record<string, string> = {}): SettingsPolicy {
  const value = resolved({ policy: { values, origin: ORIGIN }, env });
  return new SettingsPolicy({ current: () => value, onDidChange: () => () => undefined });
}
function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof Failure && error.code === 'policy_locked') return formatError(error);
    throw error;
  }
  throw new Error('not refused');
}

describe('SettingsPolicy', () => {
  it('tells the window what is locked and why, hiding file paths and user ids and the policy switches', () => {
    const policy = policyOf(
      { privateKeyFile: '/secret/org.pem', userExternalId: 'dr-jones', allowUserServiceUrlChange: true },
      { SCRIBE_LOG_LEVEL: 'debug' },
    );
    expect(policy.view()).toEqual({
      managed: true,
      locked: [
        { key: 'privateKeyFile', value: null, source: 'organization' },
        { key: 'userExternalId', value: null, source: 'organization' },
        { key: 'logLevel', value: 'debug', source: 'environment', via: 'SCRIBE_LOG_LEVEL' },
      ],
    });
    // The words the window shows, from keys and closed params (preload/words).
    const words = policy.view().locked.map((l) => `${settingTitle(l.key)}: ${lockReasonText(l)}`);
    expect(words).toEqual([
      'Private key file: Set by your organization',
      'User external id: Set by your organization',
      'Log level: Set by the environment SCRIBE_LOG_LEVEL the app was started with',
    ]);
    // What crosses IPC is the contract's shape.
    expect(PolicyViewSchema.parse(policy.view())).toEqual(policy.view());
  });

  it('a policy address people may change is a default, not a lock', () => {
    const open = policyOf({ serviceUrl: 'https://eu.api.example.com' });
    expect(open.view().locked.map((l) => l.key)).toEqual([]);
    expect(
      open.connectionRefusal('https://us.api.example.com', { kind: 'user-refresh-token', refreshToken: 'x' }),
    ).toBe(null);
    const pinned = policyOf({ serviceUrl: 'https://eu.api.example.com', allowUserServiceUrlChange: false });
    expect(pinned.allowsAddress('https://eu.api.example.com/')).toBe(true);
    expect(pinned.allowsAddress('https://us.api.example.com')).toBe(false);
  });

  it('refuses both microphones of a two-input visit and the same value is no change', () => {
    const policy = policyOf({ microphone: 'Desk mic', secondMicrophone: 'Room mic' });
    const dual = (clinician: string, patient: string) => () =>
      policy.checkVisit({
        speakers: { mode: 'dual', clinicianDeviceId: clinician, patientDeviceId: patient },
      });
    expect(dual('Desk mic', 'Room mic')).not.toThrow();
    expect(refusal(dual('Desk mic', 'Headset'))).toBe(
      'Patient input: set by your organization, so it cannot be changed here.',
    );
  });

  it("applies the policy's note language and template to a note request, refusing others", () => {
    const policy = policyOf({ noteLocale: 'FRENCH_FR', noteTemplateKey: 'soap' });
    expect(policy.applyToNote({ templateKey: null, locale: null, mode: 'sync' })).toEqual({
      templateKey: 'soap',
      locale: 'FRENCH_FR',
      mode: 'sync',
    });
    expect(refusal(() => policy.applyToNote({ templateKey: 'hp', locale: null }))).toMatch(/^Note template/);
  });
});

describe('LiveConfig', () => {
  it('keeps the last good configuration when a reload fails, and tells only of real changes', async () => {
    const first = resolved({ policy: { values: { noteLocale: 'FRENCH_FR' }, origin: ORIGIN } });
    const answers: ResolveResult[] = [
      { ok: false, errors: [] },
      first,
      resolved({ policy: { values: { noteLocale: 'ENGLISH_UK' }, origin: ORIGIN } }),
    ];
    const failures: number[] = [];
    const live = new LiveConfig(first, {
      load: async () => answers.shift()!,
      watchFiles: [],
      onDidFail: (errors) => failures.push(errors.length),
    });
    const changes: string[] = [];
    live.onDidChange((r) => changes.push(r.config.noteLocale));
    await live.reload();
    expect(live.current().config.noteLocale).toBe('FRENCH_FR');
    expect(failures).toEqual([0]);
    await live.reload();
    expect(changes).toEqual([]);
    await live.reload();
    expect(changes).toEqual(['ENGLISH_UK']);
  });

  it('watches a policy file that is replaced (as deployment tools do) and reloads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'live-'));
    const path = join(dir, 'policy.json');
    let loads = 0;
    const initial = resolved({});
    const live = new LiveConfig(initial, {
      load: async () => (loads++, resolved({ policy: { values: { logLevel: 'warn' }, origin: path } })),
      watchFiles: [path],
      pollMs: 3_600_000,
    });
    const changed = new Promise<Resolved>((resolve) => live.onDidChange(resolve));
    live.start();
    await writeFile(join(dir, 'policy.json.tmp'), '{}');
    await writeFile(path, '{"logLevel": "warn"}');
    expect((await changed).config.logLevel).toBe('warn');
    live.close();
    expect(loads).toBeGreaterThan(0);
  });
});
