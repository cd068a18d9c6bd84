/**
 * How the app updates, decided purely from the organization's policy, the kind of installation, the clock
 * and whether someone is working: when to check the feed, when to download, when to install. The
 * electron-updater adapter (main/features/updates/auto-updates.ts, updater-port.ts) only carries the decisions out.
 *
 * Rules: a visit or a dictation in progress is never interrupted (no install while busy, whatever the
 * mode); `notify` downloads and offers a restart the person chooses; `automatic` installs only inside the
 * maintenance window (local time), when nobody is busy. MSI and PKG installations are updated by IT's own
 * tools, so they default to off (MSI always: electron-updater cannot update an MSI installation); AppImage
 * and deb installations never update themselves.
 */

/** What the policy key `updateMode` allows. */
export type UpdateMode = 'off' | 'notify' | 'automatic';
/** How this copy was installed (electron-builder target). */
export type InstallKind = 'nsis' | 'msi' | 'dmg' | 'pkg' | 'appimage' | 'deb' | 'unpackaged';

/** Minutes after local midnight; `end` may be before `start` (a window across midnight). */
export interface MaintenanceWindow {
  readonly start: number;
  readonly end: number;
}

/** Checks the feed is an https URL without credentials (http only on loopback, for tests). */
export function checkFeedUrl(raw: string): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'must be a URL such as https://updates.example.org/scribe/' };
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return { ok: false, reason: 'must use https://' };
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials' };
  if (url.search || url.hash) return { ok: false, reason: 'must not have a query or fragment' };
  return { ok: true, url: url.href.endsWith('/') ? url.href : `${url.href}/` };
}

/** Reads "HH:MM-HH:MM" (24-hour local time), or null. An empty window (start = end) is refused. */
export function parseMaintenanceWindow(raw: string): MaintenanceWindow | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]):([0-5]\d)$/.exec(raw.trim());
  if (!match) return null;
  const [, h1, m1, h2, m2] = match.map(Number) as [number, number, number, number, number];
  const window = { start: h1 * 60 + m1, end: h2 * 60 + m2 };
  return window.start === window.end ? null : window;
}

/** True when `now` (local time) is inside the window. */
export function inMaintenanceWindow(window: MaintenanceWindow, now: Date): boolean {
  const minute = now.getHours() * 60 + now.getMinutes();
  return window.start < window.end
    ? minute >= window.start && minute < window.end
    : minute >= window.start || minute < window.end;
}

/**
 * Installations that update themselves. Not an AppImage (issue 32): nothing in it can be checked but the
 * sha512 from the same feed (no platform signature; its version in a squashfs), so Linux updates come only
 * through the organization's signed apt repository (the deb), never from the feed.
 */
const UPDATABLE: ReadonlySet<InstallKind> = new Set(['nsis', 'dmg', 'pkg']);
/** Installations IT deploys with its own tools: off unless the policy says otherwise. */
const IT_MANAGED: ReadonlySet<InstallKind> = new Set(['msi', 'pkg']);

/** The mode in force: the policy's, unless the installation cannot be updated or there is no feed. */
export function effectiveMode(input: {
  configured: UpdateMode | undefined;
  install: InstallKind;
  feedUrl: string | undefined;
}): UpdateMode {
  if (!input.feedUrl || !UPDATABLE.has(input.install)) return 'off';
  return input.configured ?? (IT_MANAGED.has(input.install) ? 'off' : 'notify');
}

/** The resolved policy the controller runs on. */
export interface UpdatePolicy {
  readonly mode: UpdateMode;
  readonly window: MaintenanceWindow;
  /** How often the feed is read. */
  readonly checkEveryMs: number;
}

/** Where the update is. */
export type UpdatePhase = 'idle' | 'checking' | 'available' | 'downloading' | 'downloaded' | 'installing';

/** What the controller knows. */
export interface UpdateState {
  readonly phase: UpdatePhase;
  readonly lastCheckAt: number | null;
  /** Names of what is busy now (a visit, a dictation): never restart then. */
  readonly busy: readonly string[];
  /** The person asked to restart now (notify mode). */
  readonly installRequested: boolean;
}

/** The one next step. */
export type UpdateAction =
  | { do: 'check' }
  | { do: 'download' }
  | { do: 'install' }
  | { do: 'wait'; why: 'off' | 'busy' | 'not_due' | 'in_progress' | 'outside_window' | 'awaiting_person' };

/** Decides the next step (pure). */
export function decide(policy: UpdatePolicy, state: UpdateState, now: Date): UpdateAction {
  if (policy.mode === 'off') return { do: 'wait', why: 'off' };
  switch (state.phase) {
    case 'idle': {
      const due = state.lastCheckAt === null || now.getTime() - state.lastCheckAt >= policy.checkEveryMs;
      return due ? { do: 'check' } : { do: 'wait', why: 'not_due' };
    }
    case 'available':
      return { do: 'download' };
    case 'downloaded':
      return installStep(policy, state, now);
    case 'checking':
    case 'downloading':
    case 'installing':
      return { do: 'wait', why: 'in_progress' };
    default: {
      const exhaustive: never = state.phase;
      return exhaustive;
    }
  }
}

function installStep(policy: UpdatePolicy, state: UpdateState, now: Date): UpdateAction {
  if (state.busy.length > 0) return { do: 'wait', why: 'busy' };
  if (state.installRequested) return { do: 'install' };
  if (policy.mode === 'notify') return { do: 'wait', why: 'awaiting_person' };
  return inMaintenanceWindow(policy.window, now) ? { do: 'install' } : { do: 'wait', why: 'outside_window' };
}
