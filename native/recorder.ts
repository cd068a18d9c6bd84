/**
 * Typed facade over `@picovoice/pvrecorder-node`, the microphone recorder of the main process. Nothing else
 * imports the native module.
 *
 * Why pvrecorder:
 * - It is an N-API module with prebuilt binaries inside the npm package (linux x64, macOS x64 + arm64,
 *   Windows x64 + arm64): no node-gyp, no Electron rebuild, works across Electron/Node versions.
 * - It delivers 16 kHz mono int16 frames, exactly the service's PCM_S16LE format, and lists devices by name.
 * - naudiodon was rejected: unmaintained, bundles an old PortAudio without an Apple Silicon binary, builds
 *   with node-gyp on every install and pulls in a NAN `segfault-handler` needing an Electron rebuild.
 * - getUserMedia in a hidden window was rejected: it ties capture to a renderer (Chromium's permission
 *   prompts, throttled hidden windows, float32 at 48 kHz to convert), and the CLI and tests could not
 *   use it under plain Node. The main process owns the audio, so the CLI runs exactly the app's code.
 *
 * pvrecorder's `read()` blocks the calling thread until a frame is full (it is a synchronous native read
 * behind a setTimeout). Run on Electron's main thread it would freeze the app, so each capture runs in its
 * own worker thread, which also lets two devices be captured side by side.
 */
import { Worker } from 'node:worker_threads';
import { AsyncQueue } from '../main/base/async/async-queue.ts';
import { withTimeout } from '../main/base/async/timeout.ts';
import { koffiPath, QUIET_THIS_THREAD, silenceAlsaErrors } from './alsa-quiet.ts';
import { loadNative, resolveNative } from './native-module.ts';

/** Closed failure codes of the recorder; messages carry no audio. */
export type RecorderErrorCode = 'open_failed' | 'read_failed' | 'unavailable';

/** A recorder failure (device missing, backend error, device lost mid-capture). */
export class RecorderError extends Error {
  override readonly name = 'RecorderError';
  constructor(
    readonly code: RecorderErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** One running capture on one device. */
export interface RecorderCapture {
  /** Name of the device actually capturing (the OS default's name when deviceIndex was -1). */
  readonly deviceName: string;
  /** Next frame of 16 kHz mono int16 samples; null once stopped. Rejects with RecorderError('read_failed'). */
  read(): Promise<Int16Array | null>;
  /** Stops capture and releases the device. Idempotent. */
  stop(): Promise<void>;
}

/** Options of {@link Recorder.start}. */
export interface RecorderStartOptions {
  /** Index into listDevices(); -1 is the OS default. */
  readonly deviceIndex: number;
  /** Samples per frame; 512 (32 ms) unless told. */
  readonly frameLength?: number;
}

/** The recorder port: the real pvrecorder below, or FakeRecorder in native/recorder.fake.ts. */
export interface Recorder {
  /** Device names, in pvrecorder's index order. */
  listDevices(): string[];
  /** Name of the OS default input device, or null when there is none. */
  defaultDeviceName(): string | null;
  /** Opens and starts a capture. Rejects with RecorderError('open_failed') when the device cannot start. */
  start(options: RecorderStartOptions): Promise<RecorderCapture>;
}

interface PvRecorderClass {
  new (
    frameLength: number,
    deviceIndex?: number,
    bufferedFramesCount?: number,
  ): {
    getSelectedDevice(): string;
    release(): void;
  };
  getAvailableDevices(): string[];
}

/**
 * Consecutive failed reads before the device counts as lost. pvrecorder's first read after start can fail
 * once while the backend stream spins up (seen with PulseAudio here), so one failure is not a loss.
 */
const MAX_CONSECUTIVE_READ_ERRORS = 3;
const STOP_TIMEOUT_MS = 3_000;

// Runs in the worker (CommonJS, eval'd). `stop` is a shared flag because the loop never yields to messages.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// ALSA's printing silenced for this thread too (alsa-quiet.ts); the handle lives as long as the worker.
if (workerData.koffiPath) try { globalThis.scribeAlsa = (${QUIET_THIS_THREAD})(require(workerData.koffiPath)); } catch {}
const { PvRecorder } = require(workerData.modulePath);
const stop = new Int32Array(workerData.stop);
(function run() {
let recorder;
try {
  recorder = new PvRecorder(workerData.frameLength, workerData.deviceIndex, workerData.bufferedFrames);
  recorder.start();
  parentPort.postMessage({ type: 'started', device: recorder.getSelectedDevice() });
} catch (error) {
  parentPort.postMessage({ type: 'open_failed', error: String(error && error.name) });
  try { if (recorder) recorder.release(); } catch {}
  return;
}
let errors = 0;
while (Atomics.load(stop, 0) === 0) {
  try {
    const frame = recorder.readSync();
    errors = 0;
    parentPort.postMessage({ type: 'frame', samples: frame }, [frame.buffer]);
  } catch (error) {
    if (++errors >= workerData.maxErrors) {
      parentPort.postMessage({ type: 'read_failed', error: String(error && error.name) });
      break;
    }
  }
}
try { recorder.stop(); } catch {}
try { recorder.release(); } catch {}
parentPort.postMessage({ type: 'stopped' });
})();
`;

type WorkerMessage =
  | { type: 'started'; device: string }
  | { type: 'open_failed'; error: string }
  | { type: 'frame'; samples: Int16Array }
  | { type: 'read_failed'; error: string }
  | { type: 'stopped' };

function loadPvRecorder(): PvRecorderClass {
  silenceAlsaErrors();
  try {
    return loadNative<{ PvRecorder: PvRecorderClass }>('@picovoice/pvrecorder-node').PvRecorder;
  } catch (error) {
    throw new RecorderError('unavailable', 'The native recorder could not be loaded on this platform.', {
      cause: error,
    });
  }
}

/** A capture whose frames come from a worker thread; frames queue until read. */
class WorkerCapture implements RecorderCapture {
  readonly #worker: Worker;
  readonly #stopFlag: Int32Array;
  readonly #frames = new AsyncQueue<Int16Array>();
  #exited: Promise<void>;

  constructor(
    worker: Worker,
    stopFlag: Int32Array,
    readonly deviceName: string,
  ) {
    this.#worker = worker;
    this.#stopFlag = stopFlag;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (message: WorkerMessage) => this.#onMessage(message));
    worker.on('error', () => this.#fail());
    worker.once('exit', () => this.#frames.end());
  }

  #onMessage(message: WorkerMessage): void {
    if (message.type === 'frame') this.#frames.push(message.samples);
    else if (message.type === 'read_failed') this.#fail();
    else if (message.type === 'stopped') this.#frames.end();
  }

  /** Frames read before the failure are still handed over; then read() throws. */
  #fail(): void {
    this.#frames.fail(new RecorderError('read_failed', 'The microphone stopped delivering audio.'));
  }

  async read(): Promise<Int16Array | null> {
    return (await this.#frames.take()) ?? null;
  }

  async stop(): Promise<void> {
    Atomics.store(this.#stopFlag, 0, 1);
    // After stop nothing more is read, and a failure that came meanwhile is no longer news.
    this.#frames.cancel();
    // The worker exits after its current read (≤ one frame). If the backend hangs, do not hang stop() too.
    const outcome = await withTimeout(this.#exited, STOP_TIMEOUT_MS, 'timeout' as const);
    if (outcome === 'timeout') await this.#worker.terminate();
  }
}

/** The real recorder. Device listing runs on the calling thread (it is quick); capture runs in a worker. */
export function createPvRecorder(): Recorder {
  return {
    listDevices: () => loadPvRecorder().getAvailableDevices(),
    defaultDeviceName() {
      const PvRecorder = loadPvRecorder();
      try {
        const probe = new PvRecorder(512, -1);
        try {
          return probe.getSelectedDevice();
        } finally {
          probe.release();
        }
      } catch {
        return null;
      }
    },
    start: (options) => startWorker(options),
  };
}

/**
 * PulseAudio (and PipeWire's PulseAudio server) keeps only the buffer a record stream asks for: pvrecorder's
 * miniaudio asks for three 10 ms periods, so a capture thread held off the CPU for 30 ms on a busy machine
 * lost 30 ms of speech mid-sentence (seen in real-microphone.test.ts under load: exactly 480 samples gone).
 * With PULSE_LATENCY_MSEC libpulse asks the server for its full buffer instead, handed over every 100 ms
 * (no such loss in 11 captures at load 11-13). It is read when a stream connects, from the process's
 * environment; one set by the person or IT is kept.
 */
const PULSE_LATENCY_MSEC = '100';

function startWorker(options: RecorderStartOptions): Promise<RecorderCapture> {
  loadPvRecorder();
  if (process.platform === 'linux') process.env.PULSE_LATENCY_MSEC ??= PULSE_LATENCY_MSEC;
  const stop = new SharedArrayBuffer(4);
  const stopFlag = new Int32Array(stop);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      modulePath: resolveNative('@picovoice/pvrecorder-node'),
      koffiPath: process.platform === 'linux' ? koffiPath() : null,
      deviceIndex: options.deviceIndex,
      frameLength: options.frameLength ?? 512,
      bufferedFrames: 64,
      maxErrors: MAX_CONSECUTIVE_READ_ERRORS,
      stop,
    },
  });
  return new Promise((resolve, reject) => {
    const onFirst = (message: WorkerMessage): void => {
      worker.off('message', onFirst);
      if (message.type === 'started') {
        resolve(new WorkerCapture(worker, stopFlag, message.device));
      } else {
        reject(new RecorderError('open_failed', 'The microphone could not be opened.'));
      }
    };
    worker.on('message', onFirst);
    worker.once('error', () =>
      reject(new RecorderError('open_failed', 'The microphone could not be opened.')),
    );
  });
}
