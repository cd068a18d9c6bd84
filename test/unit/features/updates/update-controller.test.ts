/** The controller with a fake updater port: phases, failures reported by code, the person's request. */
import { describe, expect, it } from 'vitest';
import {
  BusySignals,
  UpdateController,
  type UpdaterPort,
  type UpdateStatus,
} from '../../../../main/features/updates/update-controller.ts';
import { parseMaintenanceWindow } from '../../../../main/core/config/update-policy.ts';

class FakeUpdater implements UpdaterPort {
  offer: string | null = '1.1.0';
  checkError: Error | null = null;
  downloadError: Error | null = null;
  installs = 0;
  async check() {
    if (this.checkError) throw this.checkError;
    return this.offer;
  }
  async download() {
    if (this.downloadError) throw this.downloadError;
  }
  install() {
    this.installs += 1;
  }
}

const coded = (code: string) => Object.assign(new Error('x'), { code });

function setup(mode: 'notify' | 'automatic' = 'automatic') {
  const updater = new FakeUpdater();
  const now = { value: new Date('2026-11-23T03:00:00') };
  const seen: UpdateStatus['phase'][] = [];
  const controller = new UpdateController({
    policy: { mode, window: parseMaintenanceWindow('02:00-05:00')!, checkEveryMs: 3_600_000 },
    updater,
    busy: new BusySignals(),
    now: () => now.value,
    onDidChange: (s) => void seen.push(s.phase),
  });
  return { updater, now, seen, controller };
}

describe('UpdateController', () => {
  it('goes check → download → install, saying each phase', async () => {
    const { controller, updater, seen } = setup();
    await controller.tick();
    await controller.tick();
    await controller.tick();
    expect(seen).toEqual(['checking', 'available', 'downloading', 'downloaded', 'installing']);
    expect(updater.installs).toBe(1);
    expect(controller.status.version).toBe('1.1.0');
  });

  it('a failed check is a code, retried only after the interval, and cleared by a good check', async () => {
    const { controller, updater, now } = setup();
    updater.checkError = coded('ERR_UPDATER_CHANNEL_FILE_NOT_FOUND');
    await controller.tick();
    expect(controller.status).toEqual({
      phase: 'idle',
      version: null,
      lastError: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
    });
    expect(await controller.tick()).toEqual({ do: 'wait', why: 'not_due' });
    updater.checkError = null;
    updater.offer = null;
    now.value = new Date('2026-11-23T04:00:00');
    expect(await controller.tick()).toEqual({ do: 'check' });
    expect(controller.status).toEqual({ phase: 'idle', version: null, lastError: null });
  });

  it('an error without a code is reported as update_failed, never by its message', async () => {
    const { controller, updater } = setup();
    await controller.tick();
    updater.downloadError = new Error('https://feed/path?token=secret unreachable');
    await controller.tick();
    expect(controller.status).toEqual({ phase: 'idle', version: null, lastError: 'update_failed' });
  });

  it('busy signals name what is busy, and a probe can be removed', () => {
    const busy = new BusySignals();
    let recording = true;
    busy.add('visit', () => recording);
    const remove = busy.add('dictation', () => true);
    expect(busy.busy()).toEqual(['visit', 'dictation']);
    recording = false;
    remove();
    expect(busy.busy()).toEqual([]);
  });
});
