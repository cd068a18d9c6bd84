/**
 * `npm start` promises one line: libasound must not print its own errors to our stderr when there is no
 * sound card (the preview lists microphones at start). ALSA_CONFIG_PATH points at a config with one
 * listable device and no "default", and PulseAudio is out of reach, so ALSA fails the same way on every
 * machine, card or not.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ALSA_NO_CARD = 'pcm.nocard {\n  type null\n  hint { show on description "No sound card" }\n}\n';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scribe-alsa-'));
  await writeFile(join(dir, 'asound.conf'), ALSA_NO_CARD);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs `source` (an ES module) under tsx with ALSA having no card; its stdout and stderr. */
async function run(name: string, source: string): Promise<{ out: string; err: string }> {
  const script = join(dir, name);
  await writeFile(script, source);
  // No PulseAudio either (pvrecorder would use it instead of ALSA): its server is a socket that is not there.
  const env = {
    ...process.env,
    ALSA_CONFIG_PATH: join(dir, 'asound.conf'),
    PULSE_SERVER: `unix:${dir}/none`,
  };
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  expect(code, err).toBe(0);
  return { out, err };
}

const pvRecorder = JSON.stringify(resolve('node_modules/@picovoice/pvrecorder-node'));
const audio = JSON.stringify(resolve('main/core/audio/index.ts'));
const recorder = JSON.stringify(resolve('native/recorder.ts'));

describe('ALSA without a sound card', () => {
  it('prints its own errors when nothing silences it (the noise this guards against)', async () => {
    const { err } = await run(
      'bare.mts',
      `import { createRequire } from 'node:module';\n` +
        `const { PvRecorder } = createRequire(import.meta.url)(${pvRecorder});\n` +
        `try { new PvRecorder(512, -1).release(); } catch {}\n`,
    );
    expect(err).toMatch(/^ALSA lib /m);
  });

  it('lists microphones and fails to open one without a line from ALSA; our own stderr still shows', async () => {
    const { out, err } = await run(
      'quiet.mts',
      `import { listMicrophones } from ${audio};\n` +
        `import { createPvRecorder } from ${recorder};\n` +
        `console.log(JSON.stringify(await listMicrophones()));\n` +
        // A collection in between must not unload libasound and bring back its printing handler.
        `globalThis.gc(); await new Promise((r) => setImmediate(r)); globalThis.gc();\n` +
        `const opened = await createPvRecorder().start({ deviceIndex: -1 }).then(() => 'opened', (e) => e.code);\n` +
        `console.log(opened);\n` +
        `console.error('our own error line');\n`,
    );
    expect(out.trim().split('\n')).toEqual([
      JSON.stringify([{ name: 'No sound card', isDefault: false }]),
      'open_failed',
    ]);
    expect(err).not.toMatch(/ALSA lib/);
    expect(err).toContain('our own error line');
  });
});
