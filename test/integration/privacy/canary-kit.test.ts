/**
 * The privacy tests' checks can fail: the output capture sees a canary written through each channel,
 * describeError finds one anywhere in an error, and the disk checks find a canary, audio and loose modes.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StreamingError } from '../../../main/core/streaming/streaming-error.ts';
import { FIXTURE_DIR } from '../../fixtures/audio/manifest.ts';
import {
  base64Forms,
  bytesHaveCanary,
  CANARY,
  CANARY_ERROR,
  CANARY_PHRASE,
  describeError,
  hasCanary,
  readTree,
} from './canary-kit.ts';
import { audioNeedles, captured } from './streaming-kit.ts';

describe('the checks can fail', () => {
  it('the capture sees a canary written through each channel', async () => {
    const channels: Array<() => void> = [
      () => console.log('visit', { transcript: CANARY_PHRASE }),
      () => console.error(new Error(CANARY_ERROR)),
      () => console.warn(CANARY_PHRASE),
      () => console.debug(CANARY_PHRASE),
      () => void process.stdout.write(CANARY_PHRASE),
      () => void process.stderr.write(Buffer.from(CANARY_PHRASE)),
      () => process.emitWarning(CANARY_ERROR),
    ];
    for (const write of channels) {
      const { output } = await captured(async () => write());
      expect(hasCanary(output), write.toString()).toBe(true);
    }
  });

  it('describeError sees a canary deep in a cause chain or in a property', () => {
    const nested = new StreamingError('service_error', 'x', {
      cause: new StreamingError('connection_lost', 'y', { cause: new Error(CANARY_ERROR) }),
    });
    expect(hasCanary(describeError(nested))).toBe(true);
    expect(hasCanary(describeError(new StreamingError('service_error', 'x', { serviceName: CANARY })))).toBe(
      true,
    );
    expect(hasCanary(describeError(new StreamingError('service_error', 'fine')))).toBe(false);
  });

  it('the disk checks see a canary (UTF-8, UTF-16, base64), audio and loose modes', async () => {
    const phrase = `note: ${CANARY_PHRASE}`;
    for (const bytes of [
      Buffer.from(phrase),
      Buffer.from(phrase, 'utf16le'),
      Buffer.from(Buffer.from(phrase).toString('base64')),
    ])
      expect(bytesHaveCanary(bytes)).toBe(true);
    expect(base64Forms(CANARY)).toHaveLength(3);
    const wav = await readFile(join(FIXTURE_DIR, 'visit.wav'));
    for (const needle of audioNeedles('visit.wav')) expect(wav.includes(needle)).toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'privacy-control-'));
    try {
      await writeFile(join(dir, 'leak.json'), phrase, { mode: 0o644 });
      await chmod(dir, 0o755);
      const [folder, file] = await readTree(dir);
      expect(folder!.mode).not.toBe(0o700);
      expect(file!.mode).toBe(0o644);
      expect(bytesHaveCanary(file!.bytes)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
