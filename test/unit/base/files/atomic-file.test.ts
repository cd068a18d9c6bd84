/**
 * The one durable atomic write (secrets, journal sidecars, settings backups): the old file or the new one,
 * never half of one, and a write that fails leaves no temporary file behind. A real full file system comes
 * from a tmpfs when the tests run as root (test/integration/shells/cli/disk-full.test.ts); here a folder in the
 * target's place makes the rename fail after the temporary file was written.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../main/base/files/atomic-file.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces the file whole, with the mode asked for (0600 by default)', async () => {
    const path = join(dir, 'sub', 'file.json');
    await writeFileAtomic(path, 'one');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await writeFileAtomic(path, 'two', { mode: 0o640 });
    expect(await readFile(path, 'utf8')).toBe('two');
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    expect((await stat(join(dir, 'sub'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(dir, 'sub'))).toEqual(['file.json']);
  });

  it('a rename that fails leaves the old file and no temporary file', async () => {
    const target = join(dir, 'target');
    await mkdir(target); // renaming a file over a folder fails (EISDIR)
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['target']);
  });
});
