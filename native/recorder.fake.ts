/**
 * A scriptable in-memory Recorder for tests: devices appear and disappear, captures can fail mid-stream,
 * and each device plays the samples it was given (then silence), one frame per read, as fast as read.
 */
import { RecorderError, type Recorder, type RecorderCapture, type RecorderStartOptions } from './recorder.ts';

/** One fake input device. */
export interface FakeDevice {
  readonly name: string;
  /** What the device "hears", played once from the start of each capture; silence afterwards. */
  readonly samples?: Int16Array;
  /** The capture fails (RecorderError read_failed) after this many frames. */
  readonly failAfterFrames?: number;
  /** start() fails with open_failed. */
  readonly failToOpen?: boolean;
  /** After this many frames a read never returns (until stop): a backend that hangs without an error. */
  readonly stallAfterFrames?: number;
}

/** Test double of the recorder port, with a record of what was opened. */
export class FakeRecorder implements Recorder {
  #devices: FakeDevice[];
  #defaultIndex: number;
  /** Names of the devices captures were started on, in order. */
  readonly opened: string[] = [];
  /** Captures still running. */
  readonly active = new Set<RecorderCapture>();

  constructor(devices: FakeDevice[], defaultIndex = 0) {
    this.#devices = [...devices];
    this.#defaultIndex = defaultIndex;
  }

  listDevices(): string[] {
    return this.#devices.map((d) => d.name);
  }

  defaultDeviceName(): string | null {
    return this.#devices[this.#defaultIndex]?.name ?? null;
  }

  /** Replaces a device (e.g. to make it fail on the next capture). */
  setDevice(device: FakeDevice): void {
    const i = this.#devices.findIndex((d) => d.name === device.name);
    if (i < 0) this.#devices.push(device);
    else this.#devices[i] = device;
  }

  /** Unplugs a device; the default index is kept pointing at the same device when it survives. */
  removeDevice(name: string): void {
    const defaultName = this.defaultDeviceName();
    this.#devices = this.#devices.filter((d) => d.name !== name);
    const i = this.#devices.findIndex((d) => d.name === defaultName);
    this.#defaultIndex = i < 0 ? 0 : i;
  }

  async start(options: RecorderStartOptions): Promise<RecorderCapture> {
    const index = options.deviceIndex < 0 ? this.#defaultIndex : options.deviceIndex;
    const device = this.#devices[index];
    if (!device || device.failToOpen)
      throw new RecorderError('open_failed', 'The microphone could not be opened.');
    this.opened.push(device.name);
    const capture = new FakeCapture(device, options.frameLength ?? 512, () => this.active.delete(capture));
    this.active.add(capture);
    return capture;
  }
}

class FakeCapture implements RecorderCapture {
  readonly deviceName: string;
  #position = 0;
  #frames = 0;
  #stopped = false;
  #unstall: (() => void) | null = null;

  constructor(
    private readonly device: FakeDevice,
    private readonly frameLength: number,
    private readonly onStop: () => void,
  ) {
    this.deviceName = device.name;
  }

  async read(): Promise<Int16Array | null> {
    // Yield to the event loop like a real device would, so stop() can interleave with reads.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.#stopped) return null;
    if (this.device.failAfterFrames !== undefined && this.#frames >= this.device.failAfterFrames) {
      throw new RecorderError('read_failed', 'The microphone stopped delivering audio.');
    }
    if (this.device.stallAfterFrames !== undefined && this.#frames >= this.device.stallAfterFrames) {
      await new Promise<void>((resolve) => (this.#unstall = resolve));
      return null;
    }
    const frame = new Int16Array(this.frameLength);
    const source = this.device.samples;
    if (source && this.#position < source.length) {
      frame.set(source.subarray(this.#position, this.#position + this.frameLength));
    }
    this.#position += this.frameLength;
    this.#frames++;
    return frame;
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#unstall?.();
    this.onStop();
  }
}
