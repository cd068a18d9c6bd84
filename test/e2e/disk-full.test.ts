/**
 * A full disk during a visit, in Chromium: the journal folder on a real tmpfs that is full from the start
 * (mounted for the test; needs root, skipped otherwise). The visit records with its audio in memory and
 * says so on screen; it ends with the whole transcript and says the audio could not be kept on disk.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

describe.skipIf(!isRoot)('a visit on a full disk, in Chromium (real tmpfs; skipped unless root)', () => {
  const { service, client } = servicePerFile();
  let mount: string;
  // Registered before the app's: hooks after tests run in reverse, so the app closes before the unmount.
  afterAll(async () => {
    if (mount) {
      await run('umount', [mount]).catch(() => undefined);
      await rm(join(mount, '..'), { recursive: true, force: true });
    }
  });

  const h = appPerFile(async () => {
    mount = join(await mkdtemp(join(tmpdir(), 'scribe-e2e-disk-')), 'disk');
    await mkdir(mount);
    await run('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', mount]);
    await mkdir(join(mount, 'journals'), { mode: 0o700 });
    const filler = await open(join(mount, 'filler'), 'w');
    try {
      for (;;) await filler.write(Buffer.alloc(4096, 1));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    } finally {
      await filler.close();
    }
    return { journalDir: join(mount, 'journals') };
  });

  it('records with a warning on screen, ends with every line, and says the audio was not kept', async () => {
    const { page } = h;
    await connectWithServerCredentials(page, service.url, client);
    await nav(page, 'Visit').click();
    await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Recording');
    const banner = page.getByTestId('disk-full');
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.innerText()).toMatch(/disk is full.*kept in memory until it is transcribed/);
    // Not claimed safe: a crash now would lose what is only in memory.
    await expect
      .poll(() => page.getByTestId('connection-ok').textContent())
      .not.toContain('audio kept until transcribed');
    await page.screenshot({ path: `${SHOTS}/03-visit-disk-full.png`, fullPage: true });
    await expect.poll(() => page.locator('li[data-final="true"]').count()).toBe(5);
    await page.getByRole('button', { name: 'End visit' }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');
    expect(await page.getByTestId('disk-not-kept').innerText()).toMatch(/could not be kept on this computer/);
    expect(await page.locator('li[data-final="true"]').count()).toBe(5);
  }, 90_000);
});
