/** A second `npm start` on the same data folder opens no second preview: it says where the first one is. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProcessLock } from '../../../../main/base/files/process-lock.ts';
import { PREVIEW_LOCK, runBrowserPreview } from '../../../../main/shells/preview/preview.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.restoreAllMocks();
});

describe('one browser preview per data folder (issue 31 item 17)', () => {
  it('refuses a second preview while the first holds the data folder, naming the folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-preview-once-'));
    const first = await ProcessLock.acquire(join(dataDir, PREVIEW_LOCK));
    cleanups.push(async () => {
      await first?.release();
      await rm(dataDir, { recursive: true, force: true });
    });
    expect(first).toBeDefined();
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const env = { DISPLAY: ':0', CHROMIUM_PATH: join(dataDir, 'no-browser'), SCRIBE_DATA_DIR: dataDir };
    expect(await runBrowserPreview('why', env)).toBe(1);
    expect(errors).toEqual([expect.stringMatching(/already open on .*use its window.*close it/)]);
    expect(errors[0]).toContain(dataDir);
    expect(log).not.toHaveBeenCalled(); // nothing was opened
  });
});
