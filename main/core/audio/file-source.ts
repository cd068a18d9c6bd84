import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  AudioError,
  SAMPLE_RATE,
  type AudioFrame,
  type AudioSource,
  type AudioSourceInfo,
} from './audio-source.ts';
import { delay } from '../../base/async/delay.ts';
import { NoticeEmitter } from './notices.ts';
import { floatToInt16 } from './pcm.ts';
import { Resampler } from './resampler.ts';
import { decodeMono, parseWavHeader, type WavFormat } from './wav.ts';

/** Options of {@link FileAudioSource}. */
export interface FileSourceOptions {
  readonly path: string;
  /** realtime: frames arrive as a microphone's would; fast: as fast as the consumer pulls. */
  readonly pace: 'realtime' | 'fast';
  /** Input read per step, ms of audio; 100 unless told. */
  readonly blockMs?: number;
}

const HEADER_BYTES = 64 * 1024;

/** Streams any PCM WAV as 16 kHz mono int16 frames, resampling and mixing down on the way. */
export class FileAudioSource implements AudioSource {
  readonly info: AudioSourceInfo;
  readonly #options: FileSourceOptions;
  readonly #stop = new AbortController();
  readonly #notices = new NoticeEmitter();

  constructor(options: FileSourceOptions) {
    this.#options = options;
    this.info = { kind: 'file', label: basename(options.path) };
  }

  frames(): AsyncIterable<AudioFrame> {
    return this.#frames();
  }

  async stop(): Promise<void> {
    this.#stop.abort();
  }

  onDidNotice(listener: Parameters<NoticeEmitter['on']>[0]): () => void {
    return this.#notices.on(listener); // a file never falls back; kept for the port's shape
  }

  async *#frames(): AsyncGenerator<AudioFrame> {
    const file = await openFile(this.#options.path);
    try {
      const { format, end } = await readHeader(file);
      const resampler = new Resampler(format.sampleRate, SAMPLE_RATE);
      const blockBytes =
        Math.max(1, Math.round((format.sampleRate * (this.#options.blockMs ?? 100)) / 1000)) *
        format.blockAlign;
      const started = performance.now();
      let delivered = 0;
      let position = format.dataOffset;
      while (!this.#stop.signal.aborted) {
        const length = Math.min(blockBytes, end - position);
        const bytes = length > 0 ? await readAt(file, position, length) : new Uint8Array(0);
        position += bytes.length;
        const whole = bytes.subarray(0, bytes.length - (bytes.length % format.blockAlign));
        const last = whole.length < blockBytes; // short read: end of data (a torn last frame is dropped)
        const mono = resampler.push(decodeMono(whole, format));
        const out = last ? concat(mono, resampler.flush()) : mono;
        if (out.length > 0) {
          delivered += out.length;
          if (this.#options.pace === 'realtime') {
            // A microphone hands over a frame once its audio has happened; pace against the start, not
            // frame to frame, so timer jitter does not add up.
            await delay(started + (delivered * 1000) / SAMPLE_RATE - performance.now(), this.#stop.signal);
            if (this.#stop.signal.aborted) break;
          }
          yield { samples: floatToInt16(out) };
        }
        if (last) break;
      }
    } finally {
      await file.close();
    }
  }
}

async function openFile(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'r');
  } catch {
    throw new AudioError('file_unreadable', 'The audio file could not be opened.');
  }
}

async function readHeader(file: FileHandle): Promise<{ format: WavFormat; end: number }> {
  const { size } = await file.stat();
  const format = parseWavHeader(await readAt(file, 0, Math.min(size, HEADER_BYTES)));
  const end = format.dataBytes === null ? size : Math.min(size, format.dataOffset + format.dataBytes);
  return { format, end };
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

function concat(a: Float32Array, b: Float32Array): Float32Array {
  if (b.length === 0) return a;
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
