/**
 * A killed visit recovered through the app's own wiring (main/compose/composition-root.ts, what main/shells/electron/index.ts runs inside Electron) under Node:
 * real keychain, real settings file, real journal folder, the local service over loopback, and the
 * sample's synthetic recording as the microphone.
 */
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalDir } from '../../main/core/config/paths.ts';
import { KeychainSecretStore } from '../../native/keychain-secret-store.ts';
import { FIXTURE_DIR } from '../fixtures/audio/manifest.ts';
import { cliBundle } from '../harness/cli-bundle.ts';
import { ctx, data } from './app-under-test.ts';
import { expectedSentences, until, type StreamingHarness } from './core/streaming/harness.ts';
import { keychainAppsPerFile } from './keychain-apps.ts';

const VISIT = join(FIXTURE_DIR, 'visit.wav');

describe.skipIf(!process.env.REAL_KEYCHAIN)('app services recover a killed visit', () => {
  let h: StreamingHarness;
  const { start } = keychainAppsPerFile((started) => (h = started));

  it('offers a visit a killed process left unfinished (zero-filled tail), recovers its whole transcript, says the end was cut, and shreds it on discard', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-app-'));
    const keyFile = join(dataDir, 'key.pem');
    await writeFile(keyFile, h.staticPem, { mode: 0o600 });
    // The CLI journals exactly as the app does (same folder layout, same keychain service); kill it mid-visit
    // while recognition lags, so some acknowledged audio has no final text yet.
    const all = expectedSentences('visit.wav');
    const killAt = Math.ceil(all[2]!.endMs / 100) + 9;
    const before = h.streaming.sockets.length;
    h.streaming.timings.recognitionLatencyMs = 2_500;
    const keep = ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS'];
    const child = spawn(process.execPath, [cliBundle(), 'transcribe', VISIT], {
      env: {
        ...Object.fromEntries(keep.map((k) => [k, process.env[k]])),
        SCRIBE_SERVICE_URL: h.service.url,
        SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
        SCRIBE_PRIVATE_KEY_FILE: keyFile,
        SCRIBE_DATA_DIR: dataDir,
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('close', resolve));
    // The CLI's socket is the one with its 'audio' stream (not a visit of an earlier test still streaming).
    await until(
      () => h.streaming.sockets.slice(before).some((s) => (s.chunksByStream.audio ?? 0) >= killAt),
      'audio of three sentences',
    );
    child.kill('SIGKILL');
    await exited;
    h.streaming.timings.recognitionLatencyMs = 150;

    const { handlers } = await start(dataDir, {}, new KeychainSecretStore());
    const { visits } = data(await handlers['visit:recoverable']({}, ctx));
    expect(visits).toHaveLength(1);
    // The power went as well: the file system left 4 KiB of zeros after the last record.
    await appendFile(join(journalDir(dataDir), `${visits[0]!.id}.journal`), Buffer.alloc(4096));
    // Written a moment ago, but its process is gone (its lock holds nothing): offered at once.
    expect(await handlers['visit:recover']({ id: visits[0]!.id }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'not_connected' },
    });
    data(
      await handlers['connect:configure'](
        {
          baseUrl: h.service.url,
          credentials: { kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem },
        },
        ctx,
      ),
    );
    // Recovered from what is intact, and the visit says its end was cut.
    expect(data(await handlers['visit:recover']({ id: visits[0]!.id }, ctx))).toEqual({ accepted: true });
    expect(data(await handlers['visit:state']({}, ctx))).toMatchObject({
      phase: 'ended',
      recoveredCut: true,
    });
    const said = data(await handlers['visit:transcript']({}, ctx)).items.filter((i) => i.final);
    const texts = said.map((i) => i.text);
    // Every sentence the killed process captured, once and in order; nothing it never heard.
    expect(texts.length).toBeGreaterThanOrEqual(3);
    expect(texts).toEqual(all.slice(0, texts.length).map((s) => s.text));
    for (const [i, item] of said.entries())
      expect(Math.abs(item.startMs - all[i]!.startMs)).toBeLessThanOrEqual(200);

    data(await handlers['visit:discard']({}, ctx));
    expect((await readdir(journalDir(dataDir))).filter((f) => f.startsWith(visits[0]!.id))).toEqual([]);
    expect(data(await handlers['visit:recoverable']({}, ctx)).visits).toEqual([]);
  });
});
