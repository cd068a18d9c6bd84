/**
 * A scriptable HID backend for tests: devices are plugged in and out, claimed by "another program", and
 * replay recorded input reports byte for byte; every output report written is kept for assertions.
 */
import { Emitter } from '../main/base/async/emitter.ts';
import { HidOpenError, type HidBackend, type HidDeviceInfo, type HidHandle } from './hid.ts';

/** One output report a test can check (the report id, then the bytes). */
export interface WrittenReport {
  readonly path: string;
  readonly reportId: number;
  readonly data: readonly number[];
}

class FakeHandle implements HidHandle {
  readonly reports = new Emitter<Uint8Array>();
  readonly errors = new Emitter<Error>();
  closed = false;

  constructor(
    readonly path: string,
    private readonly written: WrittenReport[],
  ) {}

  onReport(listener: (report: Uint8Array) => void): () => void {
    return this.reports.on(listener);
  }

  onError(listener: (error: Error) => void): () => void {
    return this.errors.on(listener);
  }

  async write(reportId: number, data: readonly number[]): Promise<void> {
    if (this.closed) throw new Error('write on a closed handle');
    this.written.push({ path: this.path, reportId, data: [...data] });
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/** Test double of the HID port. */
export class FakeHid implements HidBackend {
  readonly #devices = new Map<string, HidDeviceInfo>();
  readonly #claimed = new Set<string>();
  readonly #open = new Map<string, FakeHandle>();
  /** Every output report written, oldest first. */
  readonly written: WrittenReport[] = [];
  /** How many times `open` was called (a claimed device must not be retried in a loop). */
  opens = 0;
  /** How many times the device list was read. */
  lists = 0;
  readonly #plugs = new Emitter<void>();

  /** `hints`: plugs are announced as Linux's inotify on /dev does (otherwise callers must poll). */
  constructor(private readonly hints = false) {}

  plug(info: Omit<HidDeviceInfo, 'interface' | 'product'> & Partial<HidDeviceInfo>): void {
    this.#devices.set(info.path, { interface: 0, product: '', ...info });
    this.#plugs.emit();
  }

  /** Unplugged: gone from the list, and an open handle fails as hidapi's does. */
  unplug(path: string): void {
    this.#devices.delete(path);
    this.#fail(path);
    this.#plugs.emit();
  }

  /** The computer slept: the device stays listed but its open handle is dead. */
  sleep(path: string): void {
    this.#fail(path);
  }

  /** Another program holds the device (true) or let it go (false). */
  claim(path: string, claimed = true): void {
    if (claimed) this.#claimed.add(path);
    else this.#claimed.delete(path);
  }

  /** Sends recorded input reports, in order, to the open handle of `path`. */
  replay(path: string, reports: readonly (readonly number[])[]): void {
    const handle = this.#open.get(path);
    if (!handle || handle.closed) throw new Error(`no open handle for ${path}`);
    for (const report of reports) handle.reports.emit(Uint8Array.from(report));
  }

  isOpen(path: string): boolean {
    const handle = this.#open.get(path);
    return handle !== undefined && !handle.closed;
  }

  watchPlugs(onChange: () => void): (() => void) | null {
    return this.hints ? this.#plugs.on(onChange) : null;
  }

  async list(): Promise<HidDeviceInfo[]> {
    this.lists += 1;
    return [...this.#devices.values()];
  }

  async open(path: string): Promise<HidHandle> {
    this.opens += 1;
    if (!this.#devices.has(path)) throw new HidOpenError('gone');
    if (this.#claimed.has(path)) throw new HidOpenError('claimed');
    const handle = new FakeHandle(path, this.written);
    this.#open.set(path, handle);
    return handle;
  }

  #fail(path: string): void {
    const handle = this.#open.get(path);
    if (handle && !handle.closed) handle.errors.emit(new Error('could not read from HID device'));
  }
}
