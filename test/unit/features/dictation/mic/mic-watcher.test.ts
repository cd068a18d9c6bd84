/**
 * Finding a dictation microphone: plugged in later, back after sleep, held by another program (reported,
 * not fought over), its LED following the dictation.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeHid } from '../../../../../native/hid.fake.ts';
import { MicWatcher } from '../../../../../main/features/dictation/mic/mic-watcher.ts';
import { POWERMIC_3 } from '../../../../fixtures/hid/devices.ts';

const SPEECHMIKE = { path: 'smp', vendorId: 0x0911, productId: 0x0c1c, usagePage: 0xffa0, usage: 1 };
const PEDAL = { path: 'pedal', vendorId: 0x0911, productId: 0x1844, usagePage: 1, usage: 4 };

function watcher(hid: FakeHid, now = () => 0) {
  const events: string[] = [];
  const statuses: string[] = [];
  const w = new MicWatcher({
    hid,
    now,
    onButton: (b, down) => events.push(`${down ? '+' : '-'}${b}`),
    onStatus: (s) => statuses.push(s.kind),
  });
  return { w, events, statuses };
}

describe('mic watcher', () => {
  it('finds a device plugged in after start, and lets it go when unplugged', async () => {
    const hid = new FakeHid();
    const { w, statuses } = watcher(hid);
    await w.poll();
    expect(w.status).toEqual({ kind: 'none' });
    hid.plug(POWERMIC_3);
    await w.poll();
    expect(w.status).toEqual({ kind: 'connected', models: ['powermic-3'] });
    hid.unplug('pm3');
    await w.poll();
    expect(w.status).toEqual({ kind: 'none' });
    expect(hid.isOpen('pm3')).toBe(false);
    expect(statuses).toEqual(['connected', 'none']);
  });

  it('opens a device again after the computer slept (its handle died, it is still listed)', async () => {
    const hid = new FakeHid();
    hid.plug(POWERMIC_3);
    const { w, events } = watcher(hid);
    await w.poll();
    hid.replay('pm3', [[0, 4, 0]]);
    hid.sleep('pm3');
    expect(events).toEqual(['+record', '-record']); // a held button is released with the dead handle
    expect(hid.isOpen('pm3')).toBe(false);
    await w.poll();
    expect(hid.isOpen('pm3')).toBe(true);
    hid.replay('pm3', [[0, 8, 0]]);
    expect(events).toEqual(['+record', '-record', '+tabForward']);
    expect(w.status).toEqual({ kind: 'connected', models: ['powermic-3'] });
  });

  it('reports a device another program holds, and does not keep trying to take it', async () => {
    const hid = new FakeHid();
    hid.plug(SPEECHMIKE);
    hid.claim('smp');
    let now = 0;
    const { w } = watcher(hid, () => now);
    await w.poll();
    expect(w.status).toEqual({ kind: 'claimed', models: ['speechmike'] });
    expect(hid.opens).toBe(1);
    now = 5_000;
    await w.poll();
    expect(hid.opens).toBe(1);
    hid.claim('smp', false);
    now = 31_000;
    await w.poll();
    expect(hid.opens).toBe(2);
    expect(w.status).toEqual({ kind: 'connected', models: ['speechmike'] });
  });

  it('shows recording on the LED of every device that has one', async () => {
    const hid = new FakeHid();
    hid.plug(POWERMIC_3);
    hid.plug(SPEECHMIKE);
    hid.plug(PEDAL);
    const { w } = watcher(hid);
    await w.poll();
    hid.written.length = 0;
    await w.setRecording(true);
    await w.setRecording(false);
    const of = (path: string) =>
      hid.written.filter((r) => r.path === path).map((r) => [r.reportId, ...r.data]);
    expect(of('pm3')).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect(of('smp')).toEqual([
      [0, 0x02, 0, 0, 0, 0, 0, 0x0c, 0, 0],
      [0, 0x02, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(of('pedal')).toEqual([]);
  });

  it('lights a device plugged in during a dictation at once', async () => {
    const hid = new FakeHid();
    const { w } = watcher(hid);
    await w.setRecording(true);
    hid.plug(POWERMIC_3);
    await w.poll();
    expect(hid.written).toEqual([{ path: 'pm3', reportId: 0, data: [1] }]);
  });

  it('where plugs are hinted, reads the list on each hint and otherwise rarely (an idle app sleeps)', async () => {
    vi.useFakeTimers();
    try {
      const hid = new FakeHid(true);
      const { w } = watcher(hid);
      w.start();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(hid.lists).toBe(1);
      hid.plug(POWERMIC_3);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(w.status).toEqual({ kind: 'connected', models: ['powermic-3'] });
      hid.sleep('pm3'); // a dead handle is looked for again at the quick pace
      await vi.advanceTimersByTimeAsync(2_000);
      expect(hid.isOpen('pm3')).toBe(true);
      const lists = hid.lists;
      await vi.advanceTimersByTimeAsync(59_000);
      expect(hid.lists).toBe(lists);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(hid.lists).toBe(lists + 1);
      await w.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('without hints, keeps reading the list every two seconds', async () => {
    vi.useFakeTimers();
    try {
      const hid = new FakeHid();
      const { w } = watcher(hid);
      w.start();
      await vi.advanceTimersByTimeAsync(2_000);
      hid.plug(POWERMIC_3);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(w.status).toEqual({ kind: 'connected', models: ['powermic-3'] });
      await w.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
