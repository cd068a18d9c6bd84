/**
 * IT's policy changed while the app runs, through the app's real handlers (policy-rig.ts): picked up without
 * a restart and pushed to the window, read again at an interval in the installed app, server credentials and
 * the organization sign-in offered and withdrawn as the policy says.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../preload/contract/index.ts';
import { ctx, data } from './app-under-test.ts';
import type { StreamingHarness } from './core/streaming/harness.ts';
import { LINUX_POLICY, policyAppsPerFile, policyFile, refusal, systemPaths } from './policy-rig.ts';

describe.skipIf(!process.env.REAL_KEYCHAIN)("IT's policy changed while the app runs", () => {
  /** The local service, and its second origin ("a different service address"). */
  let service: { h: StreamingHarness; other: string };
  const { start, serverCredentials } = policyAppsPerFile((started) => (service = started));

  it('a policy change is picked up without a restart and pushed to the window', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const path = await policyFile(dataDir, { noteLocale: 'ENGLISH_UK' });
    // Development build: SCRIBE_POLICY_FILE is honoured, and the file's folder is watched.
    const { handlers, events } = await start(dataDir, { env: { SCRIBE_POLICY_FILE: path }, pollMs: 60_000 });
    expect(
      data(await handlers['settings:update']({ speechLocales: ['FRENCH_FR'] }, ctx)).speechLocales,
    ).toEqual(['FRENCH_FR']);

    await writeFile(path, JSON.stringify({ noteLocale: 'FRENCH_FR', speechLocales: ['ENGLISH_US'] }));
    await expect
      .poll(async () => data(await handlers['settings:get']({}, ctx)).speechLocales)
      .toEqual(['ENGLISH_US']);
    expect(refusal(await handlers['settings:update']({ speechLocales: ['FRENCH_FR'] }, ctx)).code).toBe(
      'policy_locked',
    );
    const pushed = events.filter((e) => e.name === 'policy:changed').at(-1)?.payload as {
      locked: { key: string; value: string | null }[];
    };
    expect(pushed.locked).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'noteLocale', value: 'FRENCH_FR' }),
        expect.objectContaining({ key: 'speechLocales', value: 'ENGLISH_US' }),
      ]),
    );
  });

  it('the installed app notices a policy change by reading it again at an interval (as for the registry)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    // A managed installation offers server credentials only where its policy says so (allowServerCredentials).
    const path = await policyFile(dataDir, { logLevel: 'info', allowServerCredentials: true });
    const { handlers, events } = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: path }),
      pollMs: 200,
    });
    data(
      await handlers['connect:configure']({ baseUrl: service.other, credentials: serverCredentials() }, ctx),
    );
    await writeFile(
      path,
      JSON.stringify({
        serviceUrl: service.h.service.url,
        allowUserServiceUrlChange: false,
        allowServerCredentials: true,
      }),
    );
    await expect.poll(() => events.some((e) => e.name === 'policy:changed')).toBe(true);
    // The connection to the address the policy now forbids is closed.
    await expect.poll(async () => data(await handlers['connect:status']({}, ctx)).mode).toBe('none');
    expect(
      refusal(
        await handlers['connect:configure'](
          { baseUrl: service.other, credentials: serverCredentials() },
          ctx,
        ),
      ).code,
    ).toBe('policy_locked');
  });

  it('server credentials stop being offered and used once the policy no longer allows them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const path = await policyFile(dataDir, {
      serviceUrl: service.h.service.url,
      allowServerCredentials: true,
    });
    const { handlers, events } = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: path }),
      pollMs: 200,
    });
    data(
      await handlers['connect:configure'](
        { baseUrl: service.h.service.url, credentials: serverCredentials() },
        ctx,
      ),
    );
    expect(data(await handlers['connect:status']({}, ctx))).toMatchObject({
      methods: { serverCredentials: true, organization: null },
    });

    await writeFile(
      path,
      JSON.stringify({ serviceUrl: service.h.service.url, allowServerCredentials: false }),
    );
    await expect.poll(() => events.some((e) => e.name === 'policy:changed')).toBe(true);
    // The offer follows the policy, and the saved server-credential connection is closed (the address is fine).
    await expect
      .poll(async () => data(await handlers['connect:status']({}, ctx)))
      .toMatchObject({ mode: 'none', methods: { serverCredentials: false } });
    const refused = refusal(
      await handlers['connect:configure'](
        { baseUrl: service.h.service.url, credentials: serverCredentials() },
        ctx,
      ),
    );
    expect(refused.code).toBe('sign_in_not_offered');
  });

  it('the organization sign-in appears and disappears with the policy, without a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-policy-'));
    const path = await policyFile(dataDir, { serviceUrl: service.h.service.url });
    const { handlers, events } = await start(dataDir, {
      packaged: true,
      policyReaders: systemPaths({ [LINUX_POLICY]: path }),
      pollMs: 200,
    });
    const methods = async () => data(await handlers['connect:status']({}, ctx)).methods;
    // The window is told without asking: main pushes the status after the policy changed.
    const pushed = () =>
      (events.filter((e) => e.name === 'connect:status').at(-1)?.payload as ConnectionStatus | undefined)
        ?.methods;
    expect(await methods()).toMatchObject({ organization: null });

    const organization = {
      serviceUrl: service.h.service.url,
      signInIssuer: 'https://login.example.org/tenant',
      signInClientId: 'scribe-desktop',
      signInBrokerUrl: 'https://broker.example.org',
    };
    await writeFile(path, JSON.stringify(organization));
    await expect.poll(methods).toMatchObject({ organization: { issuerHost: 'login.example.org' } });
    await expect.poll(pushed).toEqual(await methods());

    await writeFile(path, JSON.stringify({ ...organization, signInBrokerUrl: undefined }));
    await expect.poll(methods).toMatchObject({ organization: null });
    await expect.poll(pushed).toEqual(await methods());
    expect(refusal(await handlers['connect:signIn']({}, ctx)).code).toBe('sign_in_not_offered');
  });
});
