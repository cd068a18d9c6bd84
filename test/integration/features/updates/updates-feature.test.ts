/**
 * The updates feature as the Electron shell composes it (main/features/updates/updates-feature.ts, given
 * the shell's updater): an installer whose own version is not the announced one is refused and reported as
 * `update_refused`, the event the audit trail hears, and the clinician is told once, in their language.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configSchema, type Config } from '../../../../main/core/config/config-schema.ts';
import { createUpdatesFeature } from '../../../../main/features/updates/updates-feature.ts';
import type { UpdateRefusedEvent } from '../../../../main/features/updates/ports.ts';
import { updaterPort } from '../../../../main/features/updates/updater-port.ts';
import { installedApp, UpdateFeed } from './update-feed.ts';

let feed: UpdateFeed;
let app: Awaited<ReturnType<typeof installedApp>>;

beforeEach(async () => {
  feed = new UpdateFeed();
  await feed.start();
  app = await installedApp('1.0.0');
});
afterEach(async () => {
  await feed.close();
  await app.dispose();
});

describe('the updates feature', () => {
  it('reports an installer refused by its own version as update_refused, and tells the clinician once', async () => {
    // The feed on loopback is plain http, which the policy's schema would refuse: given as the value itself.
    const config: Config = { ...configSchema.parse({}), updateMode: 'notify', updateFeedUrl: feed.url };
    const told: string[] = [];
    const updates = createUpdatesFeature({
      busy: { visit: () => false },
      updates: {
        config,
        platform: {
          updater: app.updater,
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
    const port = updaterPort(app.updater);
    expect(await port.check()).toBe('9.9.9');
    await port.download().catch(() => undefined);
    expect(reported).toEqual([
      { kind: 'update_refused', reason: 'embedded_version_mismatch', announced: '9.9.9', embedded: '0.0.1' },
    ]);
    await expect.poll(() => told).toHaveLength(1);
  });
});
