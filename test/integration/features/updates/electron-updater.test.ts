/**
 * The update path with electron-updater's own code under Node: a feed on loopback, the metadata round trip
 * (latest.yml's sha512 checked against the download), the publisher-signature hook, channels, no
 * downgrade, and the controller's rules (never while busy, automatic only in the maintenance window)
 * driving the real updater. What cannot run here: Electron's net module, the real Authenticode and
 * Squirrel.Mac checks, and running an installer (quitAndInstall is replaced by a recorder).
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BusySignals, UpdateController } from '../../../../main/features/updates/update-controller.ts';
import { parseMaintenanceWindow, type UpdatePolicy } from '../../../../main/core/config/update-policy.ts';
import { configureUpdater, updaterPort } from '../../../../main/features/updates/updater-port.ts';
import { configSchema, type Config } from '../../../../main/core/config/config-schema.ts';
import { createUpdatesFeature } from '../../../../main/features/updates/updates-feature.ts';
import type { UpdateRefusedEvent } from '../../../../main/features/updates/ports.ts';
import { installedApp, installerPath, UpdateFeed } from './update-feed.ts';

let feed: UpdateFeed;
let app: Awaited<ReturnType<typeof installedApp>>;

beforeEach(async () => {
  feed = new UpdateFeed();
  await feed.start();
  app = await installedApp('1.0.0');
  configureUpdater(app.updater, { url: feed.url, channel: 'stable' });
});
afterEach(async () => {
  await feed.close();
  await app.dispose();
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code ?? 'no code',
  );

describe('electron-updater against a feed on loopback', () => {
  it('finds a newer version, downloads it, checks its sha512 and its publisher', async () => {
    const bytes = feed.publish({ version: '1.1.0' });
    const port = updaterPort(app.updater);
    expect(await port.check()).toBe('1.1.0');
    await port.download();
    expect(await app.downloaded()).toEqual(bytes);
    expect(app.signatureChecks).toHaveLength(1);
    expect(app.signatureChecks[0]!.publishers).toEqual(['Scribe Desktop Test Publisher']);
    expect(feed.requests).toEqual(expect.arrayContaining(['latest.yml', 'Scribe-Desktop-Setup-1.1.0.exe']));
  });

  it('refuses a download whose bytes do not match the sha512 in latest.yml', async () => {
    feed.publish({ version: '1.1.0', servedBytes: Buffer.from('tampered installer') });
    const port = updaterPort(app.updater);
    expect(await port.check()).toBe('1.1.0');
    expect(await codeOf(port.download())).toBe('ERR_CHECKSUM_MISMATCH');
    expect(app.signatureChecks).toHaveLength(0);
    expect(installerPath(app.updater)).toBeNull();
  });

  it('refuses an installer not signed by the publisher named in app-update.yml', async () => {
    feed.publish({ version: '1.1.0' });
    app.refuseSignature('publisher is "Someone Else"');
    const port = updaterPort(app.updater);
    await port.check();
    expect(await codeOf(port.download())).toBe('ERR_UPDATER_INVALID_SIGNATURE');
  });

  it('refuses an installer whose own version is not the one the feed announced (a feed cannot downgrade us)', async () => {
    const refused: unknown[] = [];
    const lying = await installedApp('1.0.0');
    try {
      configureUpdater(lying.updater, { url: feed.url, channel: 'stable' }, (verdict) =>
        refused.push(verdict),
      );
      feed.publish({ version: '9.9.9', embeddedVersion: '0.0.1' });
      const port = updaterPort(lying.updater);
      expect(await port.check()).toBe('9.9.9');
      expect(await codeOf(port.download())).toBe('ERR_UPDATER_INVALID_SIGNATURE');
      expect(refused).toEqual([
        { refusal: 'embedded_version_mismatch', announced: '9.9.9', embedded: '0.0.1' },
      ]);
      // Refused before the publisher check, and nothing is left to install on quit.
      expect(lying.signatureChecks).toHaveLength(0);
      expect(installerPath(lying.updater)).toBeNull();
    } finally {
      await lying.dispose();
    }
  });

  it('offers nothing when the feed has this version or an older one (never a downgrade)', async () => {
    feed.publish({ version: '1.0.0' });
    expect(await updaterPort(app.updater).check()).toBeNull();
    feed.publish({ version: '0.9.0' });
    expect(await updaterPort(app.updater).check()).toBeNull();
  });

  it('reads beta.yml on the beta channel and latest.yml on stable', async () => {
    feed.publish({ version: '1.1.0' });
    feed.publish({ version: '1.2.0-beta.1', channel: 'beta' });
    expect(await updaterPort(app.updater).check()).toBe('1.1.0');
    const beta = await installedApp('1.0.0');
    try {
      configureUpdater(beta.updater, { url: feed.url, channel: 'beta' });
      expect(await updaterPort(beta.updater).check()).toBe('1.2.0-beta.1');
      expect(feed.requests).toContain('beta.yml');
    } finally {
      await beta.dispose();
    }
  });
});

describe('the update controller driving the real updater', () => {
  const at = (time: string) => new Date(`2026-11-23T${time}:00`);

  function controller(mode: UpdatePolicy['mode'], now: { value: Date }, busy = new BusySignals()) {
    const install = vi.spyOn(app.updater, 'quitAndInstall').mockImplementation(() => undefined);
    const policy: UpdatePolicy = {
      mode,
      window: parseMaintenanceWindow('02:00-05:00')!,
      checkEveryMs: 4 * 3_600_000,
    };
    const c = new UpdateController({ policy, updater: updaterPort(app.updater), busy, now: () => now.value });
    return { c, install };
  }

  it('automatic: downloads at once, installs only in the window and only when nobody is busy', async () => {
    feed.publish({ version: '1.1.0' });
    const now = { value: at('14:00') };
    let visit = false;
    const busy = new BusySignals();
    busy.add('visit', () => visit);
    const { c, install } = controller('automatic', now, busy);
    expect(await c.tick()).toEqual({ do: 'check' });
    expect(await c.tick()).toEqual({ do: 'download' });
    expect(c.status.phase).toBe('downloaded');
    expect(await c.tick()).toEqual({ do: 'wait', why: 'outside_window' });
    now.value = at('03:00');
    visit = true;
    expect(await c.tick()).toEqual({ do: 'wait', why: 'busy' });
    expect(install).not.toHaveBeenCalled();
    visit = false;
    expect(await c.tick()).toEqual({ do: 'install' });
    expect(install).toHaveBeenCalledWith(true, true);
  });

  it('a tampered download leaves nothing to install and says why by code', async () => {
    feed.publish({ version: '1.1.0', servedBytes: Buffer.from('tampered') });
    const { c, install } = controller('automatic', { value: at('03:00') });
    await c.tick();
    await c.tick();
    expect(c.status).toMatchObject({ phase: 'idle', lastError: 'ERR_CHECKSUM_MISMATCH' });
    expect(await c.tick()).toEqual({ do: 'wait', why: 'not_due' });
    expect(install).not.toHaveBeenCalled();
  });

  it('notify: waits for the person, and not even then during a dictation', async () => {
    feed.publish({ version: '1.1.0' });
    let dictating = false;
    const busy = new BusySignals();
    busy.add('dictation', () => dictating);
    const { c, install } = controller('notify', { value: at('03:00') }, busy);
    await c.tick();
    await c.tick();
    expect(await c.tick()).toEqual({ do: 'wait', why: 'awaiting_person' });
    dictating = true;
    expect(await c.requestInstall()).toEqual({ do: 'wait', why: 'busy' });
    dictating = false;
    expect(await c.tick()).toEqual({ do: 'install' });
    expect(install).toHaveBeenCalledTimes(1);
  });
});

/**
 * The updates feature as the Electron shell composes it (main/features/updates/updates-feature.ts, given
 * the shell's updater): a refused installer is reported as `update_refused`, the event the audit trail hears.
 */
describe('the updates feature', () => {
  it('reports an installer refused by its own version as update_refused, and tells the clinician once', async () => {
    const fresh = await installedApp('1.0.0');
    onTestFinished(() => fresh.dispose());
    // The feed on loopback is plain http, which the policy's schema would refuse: given as the value itself.
    const config: Config = { ...configSchema.parse({}), updateMode: 'notify', updateFeedUrl: feed.url };
    const told: string[] = [];
    const updates = createUpdatesFeature({
      busy: { visit: () => false },
      updates: {
        config,
        platform: {
          updater: fresh.updater,
          install: {
            platform: 'win32',
            isPackaged: true,
            productName: 'Scribe Desktop',
            appId: 'com.scribedesktop.app',
            execPath: 'C:\\Users\\dr\\AppData\\Local\\Programs\\scribe\\Scribe Desktop.exe',
            resourcesPath: 'C:\\Users\\dr\\AppData\\Local\\Programs\\scribe\\resources',
            env: {},
            exists: (path) => path.endsWith('Uninstall Scribe Desktop.exe'),
            readText: () => null,
          },
          language: async () => ({ setting: 'en', system: [] }),
          notify: (notification) => told.push(notification.title),
        },
      },
    });
    const reported: UpdateRefusedEvent[] = [];
    updates.events.onDidReport((event) => reported.push(event));
    feed.publish({ version: '9.9.9', embeddedVersion: '0.0.1' });
    // What the controller does at its tick, at once.
    const port = updaterPort(fresh.updater);
    expect(await port.check()).toBe('9.9.9');
    await port.download().catch(() => undefined);
    expect(reported).toEqual([
      { kind: 'update_refused', reason: 'embedded_version_mismatch', announced: '9.9.9', embedded: '0.0.1' },
    ]);
    await expect.poll(() => told).toHaveLength(1);
  });
});
