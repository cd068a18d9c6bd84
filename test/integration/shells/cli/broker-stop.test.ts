/**
 * `npm run scribe -- broker` stopped by npm's process id, or npm killed hard, stops the broker too (npm's
 * shell does not pass the signal on, and outlives a SIGKILLed npm; the broker notices the shell or npm is
 * gone). A real npm, the real CLI, the broker's port.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it.each(['SIGTERM', 'SIGKILL'] as const)(
  'stops when npm is sent %s by its process id',
  async (signal) => {
    const dir = await mkdtemp(join(tmpdir(), 'scribe-broker-stop-'));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await writeFile(join(dir, 'key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    });
    await writeFile(
      join(dir, 'broker.json'),
      JSON.stringify({
        serviceUrl: 'http://127.0.0.1:9',
        clientId: '00000000-0000-4000-8000-000000000000',
        privateKeyFile: join(dir, 'key.pem'),
        issuer: 'http://127.0.0.1:9',
        audience: 'scribe-desktop',
        userClaim: 'oid',
      }),
    );
    const npm = spawn(
      'npm',
      [
        'run',
        '--silent',
        'scribe',
        '--',
        'broker',
        '--config',
        join(dir, 'broker.json'),
        '--listen',
        '127.0.0.1:0',
      ],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let stdout = '';
    npm.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await expect.poll(() => /listening on (\S+)/.exec(stdout)?.[1], { timeout: 60_000 }).toBeDefined();
    const url = /listening on (\S+)/.exec(stdout)![1]!;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    npm.kill(signal);
    await expect
      .poll(
        () =>
          fetch(`${url}/healthz`).then(
            () => 'answering',
            () => 'stopped',
          ),
        // The broker looks every half second; a loaded machine may take longer to end it.
        { timeout: 30_000 },
      )
      .toBe('stopped');
  },
  90_000,
);
