/**
 * The broker's container image (main/programs/broker/deploy/Dockerfile), built and run for real with
 * podman, no registry and no daemon (test/integration/sign-in/podman.ts): built from the CLI bundle of this
 * run on a base made from this machine's node, it holds the bundle and nothing of the desktop; started as IT
 * would (read-only, no capabilities, settings mounted read-only) it answers readiness and exchanges a token
 * from the test OpenID provider at the service double, says where TLS ends instead of the plain-HTTP
 * warning, and stops cleanly on SIGTERM. The compose file beside it starts the broker with Redis, and the
 * broker is ready only because Redis answers. The published image's bases (node:22, redis:7) are not pulled
 * here: the build arguments that swap them are the only difference.
 */
import { randomBytes } from 'node:crypto';
import { chownSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle } from '../../harness/cli-bundle.ts';
import { brokerRigPerFile, presentToken } from './broker-process.ts';
import { containerLog, importBaseImage, podman } from './podman.ts';
import { freePort } from '../../harness/free-port.ts';

const DEPLOY = resolve('main/programs/broker/deploy');
const run = randomBytes(4).toString('hex');
const BASE = `localhost/scribe-test-base:${run}`;
const IMAGE = `localhost/scribe-broker:${run}`;
const CONTAINER = `scribe-broker-${run}`;
const PROJECT = `scribe-compose-${run}`;
const folder = mkdtempSync(join(tmpdir(), 'scribe-image-'));
const rig = brokerRigPerFile();

/** The broker's settings folder as the container sees it (/etc/scribe-broker), readable by its user only. */
function settingsFolder(name: string, settings: Record<string, unknown>): string {
  const dir = join(folder, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'key.pem'), rig.h.staticPem, { mode: 0o600 });
  writeFileSync(join(dir, 'broker.json'), JSON.stringify(settings), { mode: 0o600 });
  for (const file of ['', 'key.pem', 'broker.json']) chownSync(join(dir, file), 1000, 1000);
  return dir;
}

function connection(): Record<string, unknown> {
  return {
    serviceUrl: rig.h.service.url,
    clientId: rig.h.fixtures.staticClient.id,
    privateKeyFile: '/etc/scribe-broker/key.pem',
    issuer: rig.idp.issuer,
    audience: rig.idp.clientId,
    userClaim: 'oid',
  };
}

async function status(url: string): Promise<number> {
  return fetch(url).then(
    (response) => response.status,
    () => 0,
  );
}

beforeAll(() => {
  importBaseImage(BASE);
  const context = join(folder, 'context');
  mkdirSync(join(context, 'dist/cli'), { recursive: true });
  copyFileSync(cliBundle(), join(context, 'dist/cli/scribe.cjs'));
  podman([
    'build',
    '--quiet',
    '--format',
    'docker',
    '--file',
    join(DEPLOY, 'Dockerfile'),
    '--build-arg',
    `BASE=${BASE}`,
    '--build-arg',
    'BUNDLE_FROM=prebuilt',
    '--tag',
    IMAGE,
    context,
  ]);
}, 120_000);
afterAll(() => {
  for (const args of [
    ['rm', '--force', '--ignore', CONTAINER],
    ['rmi', '--force', '--ignore', IMAGE, BASE],
    // The build's intermediate stage (the bundle alone), left untagged.
    ['image', 'prune', '--force'],
  ])
    podman(args);
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe('the broker image', () => {
  it('holds the bundle and nothing of the desktop, and runs as uid 1000', () => {
    const listing = podman(['run', '--rm', '--entrypoint', 'node', IMAGE, '-e', LIST_FILES]);
    expect(listing).toContain('/app/dist/cli/scribe.cjs');
    expect(listing).not.toMatch(/node_modules|\.node\n/);
    const [config] = JSON.parse(podman(['image', 'inspect', IMAGE])) as { Config: { User: string } }[];
    expect(config!.Config.User).toBe('1000:1000');
  });

  it('starts read-only without capabilities, says where TLS ends, exchanges a token and stops on SIGTERM', async () => {
    const port = await freePort();
    const dir = settingsFolder('single', connection());
    podman([
      'run',
      '--detach',
      '--name',
      CONTAINER,
      '--network',
      'host',
      '--read-only',
      '--cap-drop',
      'ALL',
      '--security-opt',
      'no-new-privileges',
      '--volume',
      `${dir}:/etc/scribe-broker:ro`,
      '--env',
      'SCRIBE_BROKER_TLS_ENDS_AT=the test load balancer',
      '--env',
      `SCRIBE_HEALTH_URL=http://127.0.0.1:${port}/readyz`,
      IMAGE,
      '--config',
      '/etc/scribe-broker/broker.json',
      '--listen',
      `0.0.0.0:${port}`,
    ]);
    const url = `http://127.0.0.1:${port}`;
    await expect.poll(() => status(`${url}/readyz`)).toBe(200);
    // The image's own health check, run inside the container as the engine would.
    expect(() => podman(['healthcheck', 'run', CONTAINER])).not.toThrow();
    const token = await rig.idp.sign({ oid: 'oid-dr-image' });
    const exchange = await presentToken(url, token);
    expect(exchange.status).toBe(200);
    expect(Object.keys(exchange.body).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    podman(['stop', '--time', '30', CONTAINER]);
    const [state] = JSON.parse(podman(['inspect', CONTAINER])) as { State: { ExitCode: number } }[];
    expect(state!.State.ExitCode).toBe(0);
    const log = containerLog(CONTAINER);
    expect(log).toContain('TLS ends at the test load balancer');
    expect(log).not.toContain('WARNING');
    expect(log).not.toContain(token);
  });

  it('starts with Redis from the compose file and is ready only while Redis answers', async () => {
    const port = await freePort();
    const dir = settingsFolder('compose', connection());
    // The variables the compose file reads, as IT would export them (or put them in an .env file).
    const env = {
      REDIS_IMAGE: BASE,
      BROKER_IMAGE: IMAGE,
      REDIS_PASSWORD: randomBytes(12).toString('hex'),
      BROKER_CONFIG_DIR: dir,
      BROKER_PUBLISH: `127.0.0.1:${port}`,
      BROKER_TLS_ENDS_AT: 'the test load balancer',
    };
    const compose = (...args: string[]) =>
      podman(
        ['--project-name', PROJECT, '--file', join(DEPLOY, 'compose.yaml'), ...args],
        'podman-compose',
        env,
      );
    try {
      compose('up', '--detach');
      const ready = `http://127.0.0.1:${port}/readyz`;
      await expect.poll(() => status(ready)).toBe(200);
      podman(['stop', '--time', '10', `${PROJECT}_redis_1`]);
      await expect.poll(() => status(ready)).toBe(503);
    } finally {
      compose('down');
    }
  });
});

/** Lists every file under / inside the container (node is the only program the image has). */
const LIST_FILES = `const fs=require('fs'),p=require('path');const w=(d)=>{for(const e of fs.readdirSync(d,{withFileTypes:true})){const f=p.join(d,e.name);if(['/proc','/sys','/dev'].includes(f))continue;if(e.isDirectory())w(f);else console.log(f)}};w('/')`;
