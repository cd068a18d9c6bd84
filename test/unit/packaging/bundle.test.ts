/**
 * The main bundle leaves the local service out: the sample visit loads it from its own bundle on first use,
 * and that bundle runs on its own from the built folder (where the sample recordings are copied too).
 * Neither carries the tests' fault injection (HTTP or streaming) or control API.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Names of the test-only machinery, as esbuild would write them: fault triggers, the hooks the service
 * used to run them (fault plans, dropped sockets, withheld acks, failing jobs), the request log and the
 * records of sockets, and the internals handed to the control API.
 */
const MACHINERY = [
  ...['FaultInjector', 'failNextJob', 'mintServerToken: ', 'injected: ', 'injected failure'],
  ...['dropOnSeq(', 'withholdAcks(', 'failNextUpgrade(', 'setAckDelay(', 'releaseAcks', 'acksWithheld'],
  ...['NO_FAULTS', 'NO_STREAMING_FAULTS', 'takeJobFailure', 'takeUpgradeFault', 'takeDrop', 'failJob'],
  ...['plan.delayMs', 'plan.drop', 'MAX_LOG', 'fieldSizes', 'log.push(', 'errorsSent', 'chunksByStream'],
  ...['framesByType', 'noteRejected', 'endPending', 'internals = {', 'service.internals'],
  'SocketRegistry = class extends',
];

const out = mkdtempSync(join(tmpdir(), 'scribe-bundle-'));
execFileSync(process.execPath, ['build.config.mjs'], { env: { ...process.env, BUILD_OUT_DIR: out } });
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('bundles', () => {
  it('writes the CLI as one file that plain Node runs with the native packages beside it', () => {
    // NODE_PATH stands in for the node_modules folder shipped beside it (electron-builder.yml extraResources).
    const env = { ...process.env, NODE_PATH: join(process.cwd(), 'node_modules') };
    const help = execFileSync(process.execPath, [join(out, 'cli/scribe.cjs'), '--help'], {
      env,
      encoding: 'utf8',
    });
    expect(help).toMatch(/^usage: scribe <command>/);
    const cli = readFileSync(join(out, 'cli/scribe.cjs'), 'utf8');
    for (const name of MACHINERY) expect(cli).not.toContain(name);
  });

  it('keeps the local service out of the main bundle and loads its demo entry from beside it', () => {
    const main = readFileSync(join(out, 'main/index.cjs'), 'utf8');
    expect(main).toContain('"./local-service-demo.cjs"');
    const demo = readFileSync(join(out, 'main/local-service-demo.cjs'), 'utf8');
    // Names only the service defines, as esbuild writes them.
    for (const name of ['TokenStore = class', 'function startLocalService']) {
      expect(demo).toContain(name);
      expect(main).not.toContain(name);
    }
    // Fault injection, the request log, socket records and the control API are the tests' (test/service/),
    // in neither bundle: not their triggers, nor the machinery the service ran them with.
    for (const name of MACHINERY) {
      expect(demo, name).not.toContain(name);
      expect(main, name).not.toContain(name);
    }
    expect(existsSync(join(out, 'main/sample/visit.wav'))).toBe(true);
  });

  it('starts the sample service from the demo bundle', async () => {
    const demo = (await import(pathToFileURL(join(out, 'main/local-service-demo.cjs')).href)) as {
      startDemoService(): Promise<{ url: string; close(): Promise<void> }>;
    };
    const service = await demo.startDemoService();
    try {
      const answer = await fetch(`${service.url}/v1/core/server/oauth/token`, { method: 'POST' });
      expect(answer.status).toBe(400);
    } finally {
      await service.close();
    }
  });
});
