/**
 * IT's policy holds, through the app's real handlers (buildAppServices, what main/shells/electron/index.ts runs) with the
 * real settings file, the real policy loader and watcher, the real keychain and the local service: a
 * policy-pinned value cannot be overridden from the window, from a saved setting or saved connection (also
 * after a restart), or from the environment in the installed (packaged) app; development builds keep the
 * environment; macOS managed preferences are read; a policy change is picked up without a restart.
 *
 * The installed app reads its policy from fixed system paths; the tests point those paths at temporary
 * files through the loader's readers port (nothing else is faked).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_ID } from '../../main/core/config/policy.ts';
import { formatError } from '../../preload/words/index.ts';
import { ctx, data } from './app-under-test.ts';
import type { StreamingHarness } from './core/streaming/harness.ts';
import {
  LINUX_POLICY,
  PLIST_FIXTURE,
  policyAppsPerFile,
  policyFile,
  refusal,
  systemPaths,
} from './policy-rig.ts';

describe.skipIf(!process.env.REAL_KEYCHAIN)("IT's policy holds through the app's handlers", () => {
  let h: StreamingHarness;
  let other: string;
  const { start, serverCredentials } = policyAppsPerFile((started) => ({ h, other } = started));

  it('the window cannot change a pinned address, sign-in method or setting, and is told which and why', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const policy = await policyFile(dataDir, {
      serviceUrl: h.service.url,
      allowUserServiceUrlChange: false,
      signInMethod: 'server',
      speechLocales: ['ENGLISH_UK'],
      microphone: 'Desk mic',
      noteLocale: 'ENGLISH_UK',
    });
    const { handlers } = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: policy }),
    });

    const elsewhere = refusal(
      await handlers['connect:configure']({ baseUrl: other, credentials: serverCredentials() }, ctx),
    );
    expect(elsewhere).toMatchObject({ code: 'policy_locked' });
    expect(formatError(elsewhere)).toMatch(/^Service address: set by your organization/);
    const token = refusal(
      await handlers['connect:configure'](
        { baseUrl: h.service.url, credentials: { kind: 'user-refresh-token', refreshToken: 'x' } },
        ctx,
      ),
    );
    expect(formatError(token)).toMatch(/^Sign-in method: set by your organization/);
    expect(h.service.control.requests.filter((r) => r.path.includes('token'))).toEqual([]);

    for (const patch of [{ speechLocales: ['FRENCH_FR'] }, { clinicianDeviceId: 'Headset' }]) {
      expect(refusal(await handlers['settings:update'](patch, ctx)).code).toBe('policy_locked');
    }
    expect(formatError(refusal(await handlers['settings:update']({ noteLocale: 'FRENCH_FR' }, ctx)))).toMatch(
      /^Note language: set by your organization/,
    );
    const started = refusal(
      await handlers['visit:start'](
        {
          consentAcknowledged: true,
          locales: ['FRENCH_FR'],
          speakers: { mode: 'single', deviceId: 'Desk mic' },
        },
        ctx,
      ),
    );
    expect(formatError(started)).toMatch(/^Spoken languages/);

    const view = data(await handlers['settings:policy']({}, ctx));
    expect(view.managed).toBe(true);
    expect(view.locked).toEqual(
      expect.arrayContaining([
        { key: 'serviceUrl', value: h.service.url, source: 'organization' },
        { key: 'noteLocale', value: 'ENGLISH_UK', source: 'organization' },
      ]),
    );
    // The pinned address itself connects.
    data(
      await handlers['connect:configure']({ baseUrl: h.service.url, credentials: serverCredentials() }, ctx),
    );
    expect(data(await handlers['connect:status']({}, ctx))).toMatchObject({
      mode: 'organization',
      baseUrl: h.service.url,
    });
  });

  it('a saved setting or saved connection never overrides the policy after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const first = await start(dataDir, { packaged: true, policyReaders: systemPaths({}) });
    data(
      await first.handlers['settings:update'](
        { speechLocales: ['FRENCH_FR'], clinicianDeviceId: 'Headset' },
        ctx,
      ),
    );
    data(
      await first.handlers['connect:configure']({ baseUrl: other, credentials: serverCredentials() }, ctx),
    );

    // IT deploys a policy pinning another address and the languages; the app restarts.
    const policy = await policyFile(dataDir, {
      serviceUrl: h.service.url,
      allowUserServiceUrlChange: false,
      speechLocales: ['ENGLISH_UK'],
    });
    const second = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: policy }),
    });
    const status = data(await second.handlers['connect:status']({}, ctx));
    expect(status.baseUrl).not.toBe(other);
    expect(status.mode).toBe('none');
    const settings = data(await second.handlers['settings:get']({}, ctx));
    expect(settings.speechLocales).toEqual(['ENGLISH_UK']);
    // Not locked: the person's own choice still applies.
    expect(settings.clinicianDeviceId).toBe('Headset');
    expect(data(await second.handlers['visit:options']({}, ctx)).preferred.speechLocales).toEqual([
      'ENGLISH_UK',
    ]);
  });

  it('the installed app ignores SCRIBE_* (journal folder, policy file, address) unless policy allows; development keeps them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const machine = await policyFile(dataDir, {
      serviceUrl: h.service.url,
      allowUserServiceUrlChange: false,
    });
    const lenient = join(dataDir, 'lenient.json');
    await writeFile(lenient, JSON.stringify({ allowUserServiceUrlChange: true, noteLocale: 'FRENCH_FR' }));
    const env = {
      SCRIBE_POLICY_FILE: lenient,
      SCRIBE_SERVICE_URL: other,
      SCRIBE_JOURNAL_DIR: join(dataDir, 'Dropbox'),
      SCRIBE_NOTE_LOCALE: 'ENGLISH_UK',
    };
    const readers = systemPaths({ [LINUX_POLICY]: machine });

    const packaged = await start(dataDir, { packaged: true, env, policyReaders: readers });
    expect(packaged.resolved.config).toMatchObject({ serviceUrl: h.service.url, noteLocale: 'ENGLISH_US' });
    expect(packaged.resolved.config.journalDir).toBeUndefined();
    const view = data(await packaged.handlers['settings:policy']({}, ctx));
    expect(view.locked.find((l) => l.key === 'serviceUrl')?.value).toBe(h.service.url);
    expect(
      refusal(
        await packaged.handlers['connect:configure'](
          { baseUrl: other, credentials: serverCredentials() },
          ctx,
        ),
      ).code,
    ).toBe('policy_locked');

    // Allowed by policy: the environment applies below it, and still never moves the journals.
    const allowing = await policyFile(dataDir, {
      serviceUrl: h.service.url,
      allowUserServiceUrlChange: false,
      allowEnvironmentOverrides: true,
    });
    const allowed = await start(dataDir, {
      packaged: true,
      env,
      policyReaders: systemPaths({ [LINUX_POLICY]: allowing }),
    });
    expect(allowed.resolved.config).toMatchObject({ serviceUrl: h.service.url, noteLocale: 'ENGLISH_UK' });
    expect(allowed.resolved.config.journalDir).toBeUndefined();

    const dev = await start(dataDir, { packaged: false, env, policyReaders: readers });
    expect(dev.resolved.config).toMatchObject({ serviceUrl: other, journalDir: join(dataDir, 'Dropbox') });
    expect(dev.resolved.sources.noteLocale.layer).toBe('env');
  });

  it("reads macOS managed preferences from the configuration profile's plist", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const { handlers, resolved } = await start(dataDir, {
      platform: 'darwin',
      user: 'drjones',
      packaged: true,
      policyReaders: systemPaths({
        [`/Library/Managed Preferences/drjones/${BUNDLE_ID}.plist`]: PLIST_FIXTURE,
      }),
    });
    expect(resolved.config).toMatchObject({
      serviceUrl: 'https://eu.api.example.com',
      journalRetentionHours: 12,
    });
    const view = data(await handlers['settings:policy']({}, ctx));
    expect(view.locked.map((l) => l.key)).toEqual(
      expect.arrayContaining(['serviceUrl', 'speechLocales', 'journalRetentionHours', 'noteTemplateKey']),
    );
    expect(
      refusal(await handlers['connect:configure']({ baseUrl: other, credentials: serverCredentials() }, ctx))
        .code,
    ).toBe('policy_locked');
  });
});
