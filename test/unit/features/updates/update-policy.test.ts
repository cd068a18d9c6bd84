import { describe, expect, it } from 'vitest';
import {
  checkFeedUrl,
  decide,
  effectiveMode,
  inMaintenanceWindow,
  parseMaintenanceWindow,
  type UpdatePolicy,
  type UpdateState,
} from '../../../../main/core/config/update-policy.ts';

const at = (time: string) => new Date(`2026-11-23T${time}:00`);
const HOUR = 3_600_000;

describe('which installations update, and how', () => {
  const feedUrl = 'https://updates.example.org/scribe/';

  it('NSIS and DMG notify by default; MSI and PKG are left to IT; MSI and deb never self-update', () => {
    expect(effectiveMode({ configured: undefined, install: 'nsis', feedUrl })).toBe('notify');
    expect(effectiveMode({ configured: undefined, install: 'dmg', feedUrl })).toBe('notify');
    expect(effectiveMode({ configured: undefined, install: 'msi', feedUrl })).toBe('off');
    expect(effectiveMode({ configured: undefined, install: 'pkg', feedUrl })).toBe('off');
    expect(effectiveMode({ configured: 'automatic', install: 'pkg', feedUrl })).toBe('automatic');
    expect(effectiveMode({ configured: 'automatic', install: 'msi', feedUrl })).toBe('off');
    expect(effectiveMode({ configured: 'automatic', install: 'deb', feedUrl })).toBe('off');
    // Issue 32: an AppImage cannot be checked beyond the feed's own hash, so it never updates itself.
    for (const configured of [undefined, 'notify', 'automatic'] as const)
      expect(effectiveMode({ configured, install: 'appimage', feedUrl })).toBe('off');
    expect(effectiveMode({ configured: 'notify', install: 'unpackaged', feedUrl })).toBe('off');
  });

  it('is off without a feed, whatever the mode', () => {
    expect(effectiveMode({ configured: 'automatic', install: 'nsis', feedUrl: undefined })).toBe('off');
  });

  it('accepts only an https feed without credentials (http on loopback for tests)', () => {
    expect(checkFeedUrl('https://updates.example.org/scribe')).toEqual({
      ok: true,
      url: 'https://updates.example.org/scribe/',
    });
    expect(checkFeedUrl('http://127.0.0.1:8080/feed/').ok).toBe(true);
    expect(checkFeedUrl('http://updates.example.org/').ok).toBe(false);
    expect(checkFeedUrl('https://user:pw@updates.example.org/').ok).toBe(false);
    expect(checkFeedUrl('https://updates.example.org/?token=x').ok).toBe(false);
    expect(checkFeedUrl('not a url').ok).toBe(false);
  });
});

describe('the maintenance window (local time)', () => {
  it('reads HH:MM-HH:MM and refuses anything else', () => {
    expect(parseMaintenanceWindow('02:00-05:30')).toEqual({ start: 120, end: 330 });
    expect(parseMaintenanceWindow('22:00 - 06:00')).toEqual({ start: 1320, end: 360 });
    for (const bad of ['2-5', '02:00', '25:00-03:00', '02:00-02:00', '02:60-03:00'])
      expect(parseMaintenanceWindow(bad), bad).toBeNull();
  });

  it('includes its start, excludes its end, and wraps past midnight', () => {
    const night = parseMaintenanceWindow('22:00-06:00')!;
    expect(inMaintenanceWindow(night, at('22:00'))).toBe(true);
    expect(inMaintenanceWindow(night, at('03:00'))).toBe(true);
    expect(inMaintenanceWindow(night, at('06:00'))).toBe(false);
    expect(inMaintenanceWindow(night, at('12:00'))).toBe(false);
    const early = parseMaintenanceWindow('02:00-05:00')!;
    expect(inMaintenanceWindow(early, at('01:59'))).toBe(false);
    expect(inMaintenanceWindow(early, at('04:59'))).toBe(true);
  });
});

describe('decide', () => {
  const policy = (mode: UpdatePolicy['mode']): UpdatePolicy => ({
    mode,
    window: parseMaintenanceWindow('02:00-05:00')!,
    checkEveryMs: 4 * HOUR,
  });
  const state = (patch: Partial<UpdateState> = {}): UpdateState => ({
    phase: 'idle',
    lastCheckAt: null,
    busy: [],
    installRequested: false,
    ...patch,
  });

  it('off does nothing at all', () => {
    expect(decide(policy('off'), state(), at('03:00'))).toEqual({ do: 'wait', why: 'off' });
    expect(decide(policy('off'), state({ phase: 'downloaded' }), at('03:00')).do).toBe('wait');
  });

  it('checks at start and then every interval', () => {
    expect(decide(policy('notify'), state(), at('12:00'))).toEqual({ do: 'check' });
    const checked = state({ lastCheckAt: at('12:00').getTime() });
    expect(decide(policy('notify'), checked, at('15:59'))).toEqual({ do: 'wait', why: 'not_due' });
    expect(decide(policy('notify'), checked, at('16:00'))).toEqual({ do: 'check' });
  });

  it('downloads what is available, in either mode, busy or not (downloading interrupts nobody)', () => {
    for (const mode of ['notify', 'automatic'] as const)
      expect(decide(policy(mode), state({ phase: 'available', busy: ['visit'] }), at('12:00'))).toEqual({
        do: 'download',
      });
  });

  it('never installs while a visit or a dictation is in progress, even when asked', () => {
    for (const mode of ['notify', 'automatic'] as const) {
      const busy = state({ phase: 'downloaded', busy: ['dictation'], installRequested: true });
      expect(decide(policy(mode), busy, at('03:00'))).toEqual({ do: 'wait', why: 'busy' });
    }
  });

  it('automatic installs in the window; notify only when the person asks', () => {
    const ready = state({ phase: 'downloaded' });
    expect(decide(policy('automatic'), ready, at('12:00'))).toEqual({ do: 'wait', why: 'outside_window' });
    expect(decide(policy('automatic'), ready, at('03:00'))).toEqual({ do: 'install' });
    expect(decide(policy('notify'), ready, at('03:00'))).toEqual({ do: 'wait', why: 'awaiting_person' });
    expect(decide(policy('notify'), { ...ready, installRequested: true }, at('12:00'))).toEqual({
      do: 'install',
    });
  });

  it('waits while a step is under way', () => {
    for (const phase of ['checking', 'downloading', 'installing'] as const)
      expect(decide(policy('automatic'), state({ phase }), at('03:00'))).toEqual({
        do: 'wait',
        why: 'in_progress',
      });
  });
});
