/**
 * Finds the dictation microphones and foot pedals (native/hid.ts), keeps them open, and turns their input
 * reports into button downs and ups. node-hid has no plug events, so it polls the device list: a device
 * plugged in is found within one poll, and one whose handle died (unplugged, or the computer slept) is
 * closed and opened again when it is listed again. Where the backend hints at plugs (Linux: a hidraw node
 * came or went), the list is read on each hint (after `settleMs`, while udev sets the node's permissions)
 * and otherwise only every `restPollMs` while no device is claimed or lost, so an idle app does not wake
 * every two seconds (`npm run bench -- idle`). A device another program holds (Dragon, the SpeechMike
 * Control Center) is reported as claimed and left alone: tried again only now and then, never seized.
 */
import { HidOpenError, type HidBackend, type HidHandle } from '../../../../native/hid.ts';
import {
  identify,
  ledReport,
  pressedButtons,
  type MicButton,
  type MicIdentity,
  type MicModel,
} from './mic-models.ts';

/** What Settings shows about the microphones. */
export type MicStatus =
  /** No HID library on this computer (its binary did not load). */
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'none' }
  | { readonly kind: 'connected'; readonly models: readonly MicModel[] }
  /** Found, but another program holds it. */
  | { readonly kind: 'claimed'; readonly models: readonly MicModel[] };

/** Options of {@link MicWatcher}. */
export interface MicWatcherOptions {
  readonly hid: HidBackend | null;
  readonly onButton: (button: MicButton, down: boolean) => void;
  readonly onStatus?: (status: MicStatus) => void;
  readonly pollMs?: number;
  /** How often the list is read where plugs are hinted and nothing is claimed or lost (default 60 s). */
  readonly restPollMs?: number;
  /** How long after a plug hint the list is read (default 1 s). */
  readonly settleMs?: number;
  /** How long a claimed device is left alone before it is tried again. */
  readonly claimedRetryMs?: number;
  readonly now?: () => number;
}

interface Opened {
  readonly identity: MicIdentity;
  readonly handle: HidHandle;
  down: ReadonlySet<MicButton>;
  readonly offs: (() => void)[];
}

/** Watches for dictation devices and reads their buttons. */
export class MicWatcher {
  readonly #o: MicWatcherOptions;
  readonly #now: () => number;
  readonly #open = new Map<string, Opened>();
  /** Claimed paths, with when they were last tried. */
  readonly #claimed = new Map<string, { model: MicModel; at: number }>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #unwatch: (() => void) | null = null;
  /** A handle died since the last poll (asleep, unplugged): the list is read at the quick pace. */
  #lost = false;
  #started = false;
  #polling: Promise<void> | null = null;
  #recording = false;
  #status: MicStatus;

  constructor(options: MicWatcherOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#status = options.hid ? { kind: 'none' } : { kind: 'unavailable' };
  }

  get status(): MicStatus {
    return this.#status;
  }

  /** Polls now, then every `pollMs` (or `restPollMs` and on each plug hint, where the backend hints). */
  start(): void {
    if (!this.#o.hid || this.#started) return;
    this.#started = true;
    this.#unwatch = this.#o.hid.watchPlugs?.(() => this.#next(this.#o.settleMs ?? 1000)) ?? null;
    void this.poll();
  }

  /** The next poll in `ms`, replacing the one planned. */
  #next(ms: number): void {
    if (!this.#started) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.poll(), ms);
    this.#timer.unref?.();
  }

  /** The pace after a poll: quick without hints, or while a device is claimed or was lost. */
  #plan(): void {
    const quick = !this.#unwatch || this.#claimed.size > 0 || this.#lost;
    this.#next(quick ? (this.#o.pollMs ?? 2000) : (this.#o.restPollMs ?? 60_000));
  }

  /** One look at the device list: open what is new, close what went away. */
  poll(): Promise<void> {
    this.#polling ??= this.#poll().finally(() => {
      this.#polling = null;
      this.#plan();
    });
    return this.#polling;
  }

  /** Shows recording (or idle) on every open device's LED. */
  async setRecording(recording: boolean): Promise<void> {
    this.#recording = recording;
    await Promise.all([...this.#open.values()].map((o) => this.#led(o)));
  }

  async dispose(): Promise<void> {
    this.#started = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#unwatch?.();
    this.#unwatch = null;
    await this.#polling?.catch(() => undefined);
    for (const path of [...this.#open.keys()]) await this.#close(path);
  }

  async #poll(): Promise<void> {
    const hid = this.#o.hid;
    if (!hid) return;
    this.#lost = false;
    const listed = await hid.list().catch(() => []);
    const ours = new Set<string>();
    for (const device of listed) {
      const identity = identify(device);
      if (!identity) continue;
      ours.add(device.path);
      if (this.#open.has(device.path)) continue;
      const claimed = this.#claimed.get(device.path);
      if (claimed && this.#now() - claimed.at < (this.#o.claimedRetryMs ?? 30_000)) continue;
      await this.#openOne(hid, device.path, identity);
    }
    for (const path of [...this.#open.keys()]) if (!ours.has(path)) await this.#close(path);
    for (const path of [...this.#claimed.keys()]) if (!ours.has(path)) this.#claimed.delete(path);
    this.#report();
  }

  async #openOne(hid: HidBackend, path: string, identity: MicIdentity): Promise<void> {
    let handle: HidHandle;
    try {
      handle = await hid.open(path);
    } catch (error) {
      if (error instanceof HidOpenError && error.reason === 'claimed')
        this.#claimed.set(path, { model: identity.model, at: this.#now() });
      return;
    }
    this.#claimed.delete(path);
    const opened: Opened = { identity, handle, down: new Set(), offs: [] };
    opened.offs.push(
      handle.onReport((report) => this.#onReport(opened, report)),
      // Unplugged or asleep: let it go; the next poll opens it again once it is back.
      handle.onError(() => {
        this.#lost = true;
        this.#next(this.#o.pollMs ?? 2000);
        void this.#close(path).then(() => this.#report());
      }),
    );
    this.#open.set(path, opened);
    await this.#led(opened);
  }

  #onReport(opened: Opened, report: Uint8Array): void {
    const down = pressedButtons(opened.identity, report);
    if (!down) return;
    const before = opened.down;
    opened.down = down;
    for (const button of before) if (!down.has(button)) this.#o.onButton(button, false);
    for (const button of down) if (!before.has(button)) this.#o.onButton(button, true);
  }

  async #led(opened: Opened): Promise<void> {
    const report = ledReport(opened.identity, this.#recording);
    if (report) await opened.handle.write(report.reportId, report.data).catch(() => undefined);
  }

  async #close(path: string): Promise<void> {
    const opened = this.#open.get(path);
    if (!opened) return;
    this.#open.delete(path);
    for (const off of opened.offs.splice(0)) off();
    // Its held buttons count as released (a push-to-talk ends with the device).
    for (const button of opened.down) this.#o.onButton(button, false);
    await opened.handle.close();
  }

  #report(): void {
    const next = this.#statusNow();
    if (JSON.stringify(next) === JSON.stringify(this.#status)) return;
    this.#status = next;
    this.#o.onStatus?.(next);
  }

  #statusNow(): MicStatus {
    if (!this.#o.hid) return { kind: 'unavailable' };
    const connected = [...this.#open.values()].map((o) => o.identity.model);
    if (connected.length > 0) return { kind: 'connected', models: connected };
    const claimed = [...this.#claimed.values()].map((c) => c.model);
    return claimed.length > 0 ? { kind: 'claimed', models: claimed } : { kind: 'none' };
  }
}
