import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import wavefile from 'wavefile';
import { describe, expect, it } from 'vitest';
import { AudioError } from '../../../../main/core/audio/audio-source.ts';
import { FileAudioSource } from '../../../../main/core/audio/file-source.ts';
import { concatInt16 } from '../../../../main/core/audio/pcm.ts';
import { decodeMono, parseWavHeader } from '../../../../main/core/audio/wav.ts';
import { estimateHz, peak, sine } from './signals.ts';

const dir = mkdtempSync(join(tmpdir(), 'wav-test-'));

/** Writes a WAV with wavefile (an independent encoder) holding a sine at `amp` of full scale. */
function writeWav(
  name: string,
  bitDepth: string,
  rate: number,
  channels: number,
  hz = 1_000,
  amp = 0.5,
  seconds = 1,
): string {
  const s = sine(hz, rate, seconds, amp);
  const scale: Record<string, (v: number) => number> = {
    '8': (v) => Math.round(v * 127 + 128),
    '16': (v) => Math.round(v * 32_767),
    '24': (v) => Math.round(v * 8_388_607),
    '32': (v) => Math.round(v * 2_147_483_647),
    '32f': (v) => v,
  };
  const mono = Array.from(s, scale[bitDepth]!);
  // Stereo: the right channel is silent, so the mixed-down level halves (proves channels are averaged).
  const silent = scale[bitDepth]!(0);
  const samples = channels === 1 ? mono : [mono, mono.map(() => silent)];
  const wav = new wavefile.WaveFile();
  wav.fromScratch(channels, rate, bitDepth, samples);
  const path = join(dir, name);
  writeFileSync(path, wav.toBuffer());
  return path;
}

async function readAll(path: string): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for await (const f of new FileAudioSource({ path, pace: 'fast' }).frames()) parts.push(f.samples);
  return concatInt16(parts);
}

describe('WAV reading', () => {
  it.each([
    ['8', 8_000, 1],
    ['16', 16_000, 1],
    ['16', 44_100, 2],
    ['24', 48_000, 1],
    ['24', 22_050, 2],
    ['32', 32_000, 1],
    ['32f', 48_000, 1],
    ['32f', 44_100, 2],
  ])(
    'reads %s-bit at %i Hz, %i channel(s) as 16 kHz mono with the tone intact',
    async (depth, rate, channels) => {
      const path = writeWav(`t-${depth}-${rate}-${channels}.wav`, depth, rate, channels);
      const header = parseWavHeader(readFileSync(path));
      expect(header).toMatchObject({
        sampleRate: rate,
        channels,
        encoding: depth === '32f' ? 'float' : 'int',
      });
      const out = await readAll(path);
      expect(Math.abs(out.length - 16_000)).toBeLessThan(160);
      expect(estimateHz(out, 16_000, 200)).toBeCloseTo(1_000, 0);
      const expected = (0.5 / channels) * 32_768;
      const tolerance = depth === '8' ? 0.03 : 0.01;
      expect(Math.abs(peak(out, 200) - expected) / expected).toBeLessThan(tolerance);
    },
  );

  it('decodes sample values exactly as wavefile does (16-bit stereo)', async () => {
    const path = writeWav('exact.wav', '16', 16_000, 2, 300, 0.9, 0.1);
    const bytes = new Uint8Array(readFileSync(path));
    const format = parseWavHeader(bytes);
    const mine = decodeMono(bytes.subarray(format.dataOffset), format);
    const theirs = new wavefile.WaveFile(bytes).getSamples(false, Float64Array) as unknown as Float64Array[];
    const left = theirs[0]!;
    for (let i = 0; i < 100; i++) expect(mine[i]).toBeCloseTo((left[i] ?? 0) / 32_768 / 2, 6);
  });

  it('skips chunks before the data (LIST, odd-sized) and handles WAVE_FORMAT_EXTENSIBLE', () => {
    const fmt = Buffer.alloc(8 + 40);
    fmt.write('fmt ', 0, 'ascii');
    fmt.writeUInt32LE(40, 4);
    fmt.writeUInt16LE(0xfffe, 8);
    fmt.writeUInt16LE(2, 10);
    fmt.writeUInt32LE(44_100, 12);
    fmt.writeUInt32LE(44_100 * 6, 16);
    fmt.writeUInt16LE(6, 20);
    fmt.writeUInt16LE(24, 22);
    fmt.writeUInt16LE(22, 24);
    fmt.writeUInt16LE(24, 26);
    fmt.writeUInt32LE(3, 28);
    fmt.writeUInt16LE(1, 32); // SubFormat PCM
    const list = Buffer.from('LIST\x03\x00\x00\x00abc\x00', 'latin1'); // odd size + pad byte
    const data = Buffer.from('data\x06\x00\x00\x00\x00\x00\x80\xff\xff\x7f', 'latin1');
    const riff = Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'), list, fmt, data]);
    const format = parseWavHeader(riff);
    expect(format).toMatchObject({
      encoding: 'int',
      bitsPerSample: 24,
      channels: 2,
      sampleRate: 44_100,
      dataBytes: 6,
    });
    const mono = decodeMono(riff.subarray(format.dataOffset), format);
    expect(mono[0]).toBeCloseTo((-1 + 8_388_607 / 8_388_608) / 2, 6);
  });

  it('paces realtime delivery by the clock, and fast delivery by the consumer', async () => {
    const path = writeWav('pace.wav', '16', 44_100, 1, 440, 0.5, 0.4);
    const started = performance.now();
    let samples = 0;
    for await (const f of new FileAudioSource({ path, pace: 'realtime' }).frames()) {
      samples += f.samples.length;
      // Never ahead of the clock: a frame arrives only once its audio has "happened".
      expect(performance.now() - started).toBeGreaterThanOrEqual((samples / 16_000) * 1000 - 5);
    }
    expect(samples).toBe(6_400);
    const fast = await readAll(path);
    expect(fast).toHaveLength(6_400);
  });

  it('stops mid-file when stop() is called', async () => {
    const source = new FileAudioSource({
      path: writeWav('long.wav', '16', 16_000, 1, 440, 0.5, 5),
      pace: 'realtime',
    });
    let frames = 0;
    for await (const _ of source.frames()) if (++frames === 2) await source.stop();
    expect(frames).toBe(2);
  });

  it('rejects what it cannot read with file_unsupported, and a missing file with file_unreadable', async () => {
    expect(() => parseWavHeader(Buffer.from('not a wav file at all, really'))).toThrow(AudioError);
    const wav = new wavefile.WaveFile();
    wav.fromScratch(1, 16_000, '64', [0, 0.5]); // 64-bit float: not supported
    expect(() => parseWavHeader(wav.toBuffer())).toThrow(/not a PCM WAV/);
    await expect(readAll(join(dir, 'missing.wav'))).rejects.toMatchObject({ code: 'file_unreadable' });
  });
});
