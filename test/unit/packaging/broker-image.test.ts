/**
 * The broker's container image (main/programs/broker/deploy/Dockerfile), checked without a container daemon
 * (none runs on the machines this project is built on): the image runs as a user other than root, asks for
 * no writable path, has a health check and starts the CLI bundle's `broker`; every file it copies exists in
 * the build context (and is not dropped by .dockerignore) or is made by the build stage's command. The image
 * itself is built and run in test/integration/sign-in/broker-image.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const DOCKERFILE = 'main/programs/broker/deploy/Dockerfile';

/** One instruction per entry: continuation lines joined, comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

const all = instructions(readFileSync(DOCKERFILE, 'utf8'));
const stages = all.reduce<{ op: string; args: string }[][]>((list, i) => {
  if (i.op === 'FROM') list.push([]);
  list.at(-1)?.push(i);
  return list;
}, []);
const runtime = stages.at(-1)!;
const exec = (op: string) => JSON.parse(runtime.find((i) => i.op === op)!.args) as string[];

const out = mkdtempSync(join(tmpdir(), 'scribe-image-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the broker image', () => {
  it('runs as an unprivileged user, writes nowhere, checks its health and starts the bundled broker', () => {
    const users = runtime.filter((i) => i.op === 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const entryAt = runtime.findIndex((i) => i.op === 'ENTRYPOINT');
    expect(runtime.findLastIndex((i) => i.op === 'USER')).toBeLessThan(entryAt);
    // Nothing the broker needs to write: no volume, no writable folder made for it.
    expect(runtime.filter((i) => i.op === 'VOLUME')).toEqual([]);
    expect(runtime.filter((i) => i.op === 'RUN').map((i) => i.args)).not.toContainEqual(
      expect.stringMatching(/chown|chmod/),
    );
    expect(runtime.find((i) => i.op === 'HEALTHCHECK')?.args).toMatch(/\bCMD \[/);
    const entry = exec('ENTRYPOINT');
    expect(entry.slice(0, 3)).toEqual(['node', '/app/dist/cli/scribe.cjs', 'broker']);
  });

  it('copies only files the context holds or the build stage makes', () => {
    const ignored = readFileSync('.dockerignore', 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    for (const must of ['node_modules', '.git', 'dist']) expect(ignored).toContain(must);
    const copies = all.filter((i) => i.op === 'COPY').map((i) => i.args.split(/\s+/));
    expect(copies.length).toBeGreaterThan(0);
    execFileSync(process.execPath, ['build.config.mjs'], {
      env: { ...process.env, BUILD_OUT_DIR: join(out, 'dist') },
    });
    for (const parts of copies) {
      // The prebuilt bundle's stage copies from a context that holds dist/cli/scribe.cjs (the image test's).
      if (parts.at(-1) === '/src/dist/cli/scribe.cjs' && !parts.some((p) => p.startsWith('--from=')))
        continue;
      const fromStage = parts.find((p) => p.startsWith('--from='));
      const sources = parts.filter((p) => !p.startsWith('--')).slice(0, -1);
      for (const source of sources) {
        if (source === '.') continue;
        if (fromStage) {
          // The build stage runs `node build.config.mjs` in /src: its outputs are under /src/dist.
          expect(source.startsWith('/src/dist/'), source).toBe(true);
          expect(existsSync(join(out, source.slice('/src/'.length))), source).toBe(true);
        } else {
          expect(existsSync(source), source).toBe(true);
          expect(ignored, source).not.toContain(source);
        }
      }
    }
  });
});
