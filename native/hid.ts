/**
 * Typed facade over `node-hid` (hidapi), the one door to USB HID devices: list them, open one without
 * seizing it, read its input reports, write its output reports. Nothing else imports the native module;
 * tests use FakeHid (native/hid.fake.ts), which replays recorded reports.
 *
 * Why node-hid 3.x: well kept (hidapi underneath), N-API prebuilds for Windows x64/arm64/ia32, macOS
 * x64/arm64 and Linux x64/arm64 (hidraw), so no compiler at install and no rebuild for Electron. It has no
 * plug/unplug events: callers poll `list()` (a few ms) to find a device plugged in or back after sleep. On
 * Linux `watchPlugs` adds a hint when a hidraw node comes or goes (inotify on /dev), so callers can poll
 * rarely while nothing is plugged in.
 *
 * hidapi's byte conventions, kept here so no caller has to know them:
 * - an input report of a device without report ids arrives without a report-id byte (on every OS);
 * - a write needs the report id first, 0 for a device without report ids: `write(0, data)` prepends it.
 */
import { watch } from 'node:fs';
import { createRequire } from 'node:module';

/** One HID interface as the OS lists it (a device may list several: one per usage page). */
export interface HidDeviceInfo {
  /** The OS path used to open it (opaque). */
  readonly path: string;
  readonly vendorId: number;
  readonly productId: number;
  readonly product: string;
  /** 0 where the OS does not say (hidraw lists usage pages only with a recent kernel and hidapi). */
  readonly usagePage: number;
  readonly usage: number;
  readonly interface: number;
}

/** One opened interface. */
export interface HidHandle {
  /** Every input report, as bytes (no report-id byte for a device without report ids). */
  onReport(listener: (report: Uint8Array) => void): () => void;
  /** The device went away (unplugged, the computer slept) or failed: the handle is dead; close it. */
  onError(listener: (error: Error) => void): () => void;
  /** Sends an output report. */
  write(reportId: number, data: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

/** Why an interface could not be opened. */
export type HidOpenFailure =
  /** Another program holds it (Dragon, SpeechMike Control Center, a driver that seized it). */
  | 'claimed'
  /** It went away between listing and opening. */
  | 'gone';

/** Opening failed; `reason` is a closed name (never the OS's own text, which can carry a path). */
export class HidOpenError extends Error {
  override readonly name = 'HidOpenError';
  constructor(readonly reason: HidOpenFailure) {
    super(`hid open failed: ${reason}`);
  }
}

/** The HID port: the real node-hid facade below, or FakeHid in tests. */
export interface HidBackend {
  list(): Promise<HidDeviceInfo[]>;
  /** Opens without seizing (macOS: non-exclusive), so another program keeps working; throws HidOpenError. */
  open(path: string): Promise<HidHandle>;
  /**
   * Calls `onChange` when devices may have come or gone; returns how to stop, or null where the OS gives no
   * such hint (then callers poll `list()` often).
   */
  watchPlugs?(onChange: () => void): (() => void) | null;
}

interface NodeHidDevice {
  path?: string;
  vendorId: number;
  productId: number;
  product?: string;
  usagePage?: number;
  usage?: number;
  interface: number;
}

interface NodeHidAsync {
  on(event: 'data', listener: (data: Buffer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  write(values: number[]): Promise<number>;
  close(): Promise<void>;
}

interface NodeHidModule {
  devicesAsync(): Promise<NodeHidDevice[]>;
  getHidapiVersion(): string;
  HIDAsync: { open(path: string, options?: { nonExclusive?: boolean }): Promise<NodeHidAsync> };
}

/** The node-hid module, loaded on first use; null (and why) when its binary cannot load here. */
export function loadNodeHid(): { backend: HidBackend } | { backend: null; reason: string } {
  try {
    const module = createRequire(import.meta.url)('node-hid') as NodeHidModule;
    // node-hid loads its binary (which starts hidapi) at first use: load it now, so a binary that cannot load
    // or a hidapi that cannot start (Wine 8: hid_init fails) is "no HID here", not a device list that
    // fails forever behind "no microphone found".
    module.getHidapiVersion();
    return { backend: new NodeHidBackend(module) };
  } catch (error) {
    return { backend: null, reason: error instanceof Error ? error.name : 'unknown' };
  }
}

class NodeHidBackend implements HidBackend {
  readonly #hid: NodeHidModule;

  constructor(hid: NodeHidModule) {
    this.#hid = hid;
  }

  async list(): Promise<HidDeviceInfo[]> {
    const all = await this.#hid.devicesAsync();
    return all.flatMap((d) =>
      d.path
        ? [
            {
              path: d.path,
              vendorId: d.vendorId,
              productId: d.productId,
              product: d.product ?? '',
              usagePage: d.usagePage ?? 0,
              usage: d.usage ?? 0,
              interface: d.interface,
            },
          ]
        : [],
    );
  }

  watchPlugs(onChange: () => void): (() => void) | null {
    if (process.platform !== 'linux') return null;
    try {
      const watcher = watch('/dev', { persistent: false }, (_event, name) => {
        if (name?.startsWith('hidraw')) onChange();
      });
      watcher.on('error', () => undefined);
      return () => watcher.close();
    } catch {
      return null;
    }
  }

  async open(path: string): Promise<HidHandle> {
    let device: NodeHidAsync;
    try {
      device = await this.#hid.HIDAsync.open(path, { nonExclusive: true });
    } catch {
      // hidapi says only "cannot open device": a device still listed is held by someone else.
      const listed = (await this.list().catch(() => [])).some((d) => d.path === path);
      throw new HidOpenError(listed ? 'claimed' : 'gone');
    }
    return handleOf(device);
  }
}

function handleOf(device: NodeHidAsync): HidHandle {
  return {
    onReport(listener) {
      const onData = (data: Buffer) => listener(new Uint8Array(data));
      device.on('data', onData);
      return () => void device.removeListener('data', onData);
    },
    onError(listener) {
      device.on('error', listener);
      return () => void device.removeListener('error', listener);
    },
    async write(reportId, data) {
      await device.write([reportId, ...data]);
    },
    close: () => device.close().catch(() => undefined),
  };
}
