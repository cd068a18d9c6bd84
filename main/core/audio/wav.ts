/**
 * WAV header parsing and sample decoding for any PCM WAV: 8-bit unsigned, 16/24/32-bit signed integer and
 * 32-bit float, WAVE_FORMAT_EXTENSIBLE included, any sample rate, mono or stereo (more channels are mixed
 * down too). Decoding is incremental so long files never need to sit in memory whole.
 */
import { z } from 'zod';
import { AudioError } from './audio-source.ts';

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** The supported combinations, checked in one place (a header is input from outside). */
const WavFormatSchema = z
  .discriminatedUnion('encoding', [
    z.object({
      encoding: z.literal('int'),
      bitsPerSample: z.union([z.literal(8), z.literal(16), z.literal(24), z.literal(32)]),
    }),
    z.object({ encoding: z.literal('float'), bitsPerSample: z.literal(32) }),
  ])
  .and(
    z.object({
      channels: z.number().int().min(1).max(8),
      sampleRate: z.number().int().min(1_000).max(384_000),
      blockAlign: z.number().int().positive(),
    }),
  );

/** What the header says, plus where the samples are. */
export type WavFormat = z.infer<typeof WavFormatSchema> & {
  /** Byte offset of the first sample in the file. */
  readonly dataOffset: number;
  /** Bytes of sample data; null when the header does not know (streamed WAV): read to end of file. */
  readonly dataBytes: number | null;
};

function unsupported(): AudioError {
  return new AudioError('file_unsupported', 'The file is not a PCM WAV file this app can read.');
}

/**
 * Parses the RIFF header from the start of a file. `head` must reach the start of the data chunk;
 * 64 KB is plenty unless a file carries huge metadata first. Throws AudioError('file_unsupported').
 */
export function parseWavHeader(head: Uint8Array): WavFormat {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const tag = (at: number): string =>
    at + 4 <= head.length ? String.fromCharCode(...head.subarray(at, at + 4)) : '';
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw unsupported();
  let fmt: z.infer<typeof WavFormatSchema> | null = null;
  let at = 12;
  while (at + 8 <= head.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (body + 16 > head.length) throw unsupported();
      fmt = parseFmt(view, body, size);
    } else if (id === 'data') {
      if (!fmt) throw unsupported();
      // 0 and 0xFFFFFFFF are what streaming writers leave when they cannot seek back to patch the size.
      const dataBytes = size === 0 || size === 0xffffffff ? null : size;
      return { ...fmt, dataOffset: body, dataBytes };
    }
    at = body + size + (size % 2); // chunks are padded to even sizes
  }
  throw unsupported();
}

function parseFmt(view: DataView, body: number, size: number): z.infer<typeof WavFormatSchema> {
  let formatTag = view.getUint16(body, true);
  if (formatTag === WAVE_FORMAT_EXTENSIBLE) {
    if (size < 40 || body + 26 > view.byteLength) throw unsupported();
    formatTag = view.getUint16(body + 24, true); // first two bytes of the SubFormat GUID
  }
  const bitsPerSample = view.getUint16(body + 14, true);
  const parsed = WavFormatSchema.safeParse({
    encoding:
      formatTag === WAVE_FORMAT_PCM ? 'int' : formatTag === WAVE_FORMAT_IEEE_FLOAT ? 'float' : 'other',
    bitsPerSample,
    channels: view.getUint16(body + 2, true),
    sampleRate: view.getUint32(body + 4, true),
    blockAlign: view.getUint16(body + 12, true),
  });
  if (!parsed.success) throw unsupported();
  if (parsed.data.blockAlign !== (parsed.data.bitsPerSample / 8) * parsed.data.channels) throw unsupported();
  return parsed.data;
}

/**
 * Decodes whole frames of sample data into mono floats in [-1, 1] (channels averaged). `bytes` must hold
 * a whole number of frames; callers carry any partial frame over to the next block.
 */
export function decodeMono(bytes: Uint8Array, format: WavFormat): Float32Array {
  const { channels, blockAlign } = format;
  const frames = Math.floor(bytes.length / blockAlign);
  const out = new Float32Array(frames);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read = sampleReader(format, view);
  const bytesPerSample = format.bitsPerSample / 8;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += read(f * blockAlign + c * bytesPerSample);
    out[f] = sum / channels;
  }
  return out;
}

function sampleReader(format: WavFormat, view: DataView): (at: number) => number {
  if (format.encoding === 'float') return (at) => view.getFloat32(at, true);
  switch (format.bitsPerSample) {
    case 8:
      return (at) => (view.getUint8(at) - 128) / 128; // 8-bit WAV is unsigned
    case 16:
      return (at) => view.getInt16(at, true) / 32_768;
    case 24:
      return (at) =>
        (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8_388_608;
    case 32:
      return (at) => view.getInt32(at, true) / 2_147_483_648;
  }
}
