/**
 * Windows paths and files for real (under Wine): the data folders of an account whose name has a space
 * and non-ASCII letters, the process lock between two Windows processes (and after one is killed), and the
 * durable atomic write while another process holds the target open without FILE_SHARE_DELETE (Windows
 * then refuses to rename over it, where POSIX would not care).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join, win32 } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultJournalDir, defaultUserDataDir, vaultDirs } from '../../main/core/config/paths.ts';
import { MemorySecretStore } from '../../main/base/secrets/memory-secret-store.ts';
import { TokenVault } from '../../main/base/secrets/token-vault.ts';
import { DictationHistory } from '../../main/features/dictation/dictation-history.ts';
import { writeFileAtomic } from '../../main/base/files/atomic-file.ts';
import { lockHolder, ProcessLock } from '../../main/base/files/process-lock.ts';
import { FileHolder } from './support/holder.ts';

const ACCOUNT = 'Zoë Müller-Ørsted';
let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scribe-files-'));
});

describe('Windows data folders', () => {
  it('are %APPDATA% and %LOCALAPPDATA% of an account named with a space and non-ASCII letters', async () => {
    assert.equal(process.platform, 'win32');
    assert.equal(userInfo().username, ACCOUNT, 'the lane runs as this Windows account');
    const data = defaultUserDataDir();
    const journals = defaultJournalDir();
    assert.equal(data, win32.join(process.env.APPDATA!, 'Scribe Desktop'));
    assert.ok(data.includes(`\\users\\${ACCOUNT}\\AppData\\Roaming\\`), data);
    assert.equal(journals, win32.join(process.env.LOCALAPPDATA!, 'Scribe Desktop', 'journals'));
    assert.ok(journals.includes(`\\users\\${ACCOUNT}\\AppData\\Local\\`), journals);
    // Written and read back through those very paths, names intact.
    await writeFileAtomic(join(journals, 'Prüfung ✓.json'), '{"ok":true}');
    assert.deepEqual(await readdir(journals), ['Prüfung ✓.json']);
    await writeFileAtomic(join(data, 'settings.json'), '{}');
    assert.equal(await readFile(join(data, 'settings.json'), 'utf8'), '{}');
  });
});

describe('the vaults (sign-in, dictation history) in %LOCALAPPDATA%, moved from Roaming %APPDATA%', () => {
  const roaming = () => defaultUserDataDir();
  const local = () => win32.join(process.env.LOCALAPPDATA!, 'Scribe Desktop');
  const entry = { id: 'e1', at: Date.now(), text: 'Müller: 5 mg — µg ✓', where: 'Notepad' };
  /** Both vaults as the previous version left them: in the Roaming data folder. */
  async function leftInRoaming(store: MemorySecretStore): Promise<void> {
    await new TokenVault({ store, dataDir: roaming(), name: 'connection' }).save({ refreshToken: 'r-1' });
    await new TokenVault({ store, dataDir: roaming(), name: 'dictation-history' }).save({
      entries: JSON.stringify([entry]),
    });
  }
  const names = async (folder: string) => (await readdir(folder)).filter((n) => n.endsWith('.vault')).sort();

  it('are machine-local for an account named with a space and non-ASCII letters, and move on first use', async () => {
    assert.deepEqual(vaultDirs(roaming()), { dataDir: local(), legacyDir: roaming() });
    assert.ok(local().includes(`\\users\\${ACCOUNT}\\AppData\\Local\\`), local());
    const store = new MemorySecretStore();
    await leftInRoaming(store);
    // The app's own stores, given the Roaming data folder as Electron's userData is.
    const history = new DictationHistory({ secrets: store, dataDir: roaming(), retentionHours: () => 24 });
    await history.load();
    assert.deepEqual(history.list(), [entry], 'the history came along, text intact');
    const connection = new TokenVault({ store, ...vaultDirs(roaming()), name: 'connection' });
    assert.deepEqual((await connection.load()).bundle, { refreshToken: 'r-1' });
    assert.deepEqual(await names(local()), ['connection.vault', 'dictation-history.vault']);
    assert.deepEqual(await names(roaming()), [], 'nothing left in Roaming');
    await history.add('next dictation', 'Notepad');
    assert.deepEqual(await names(roaming()), [], 'and nothing written there again');
  });

  it('keeps the old file while another process holds it, and removes it at the next start', async () => {
    const other = await FileHolder.start();
    try {
      const store = new MemorySecretStore();
      await leftInRoaming(store);
      await rm(join(local(), 'connection.vault'), { force: true });
      const old = join(roaming(), 'connection.vault');
      assert.equal(await other.ask(`hold ${old}`), 'holding');
      const first = new TokenVault({ store, ...vaultDirs(roaming()), name: 'connection' });
      assert.deepEqual((await first.load()).bundle, { refreshToken: 'r-1' }, 'copied while held');
      assert.equal(first.path, join(local(), 'connection.vault'));
      assert.ok(existsSync(old), 'Windows refused to delete a file held open: it stays, nothing is lost');
      assert.equal(await other.ask('unhold'), 'unheld');
      const next = new TokenVault({ store, ...vaultDirs(roaming()), name: 'connection' });
      assert.deepEqual((await next.load()).bundle, { refreshToken: 'r-1' });
      assert.ok(!existsSync(old), 'removed once no one holds it');
    } finally {
      await other.stop();
    }
  });
});

describe('the process lock between two Windows processes', () => {
  let other: FileHolder;
  before(async () => {
    other = await FileHolder.start();
  });
  after(() => other.stop());

  it('refuses a lock another live process holds, and is free once it lets go', async () => {
    const path = join(dir, 'journal-a.lock');
    assert.equal(await other.ask(`lock ${path}`), 'held');
    assert.equal(await lockHolder(path), 'other');
    assert.equal(await ProcessLock.acquire(path), undefined, 'refused while the other process holds it');
    assert.equal(await other.ask('release'), 'released');
    const lock = await ProcessLock.acquire(path);
    assert.ok(lock, 'taken once released');
    assert.equal(await other.ask(`lock ${path}`), 'refused', 'and now the other process is refused');
    await lock.release();
  });

  it('takes over the lock of a process that was killed (no release ran)', async () => {
    const path = join(dir, 'journal-b.lock');
    const victim = await FileHolder.start();
    assert.equal(await victim.ask(`lock ${path}`), 'held');
    await victim.kill();
    assert.ok(existsSync(path), 'the killed process left its lock file');
    const lock = await ProcessLock.acquire(path);
    assert.ok(lock, 'a dead holder (TerminateProcess) does not keep the lock');
    await lock.release();
  });
});

describe('the durable atomic write', () => {
  let other: FileHolder;
  before(async () => {
    other = await FileHolder.start();
  });
  after(() => other.stop());

  it('replaces a file another process holds open for a moment (antivirus, backup, indexer)', async () => {
    const path = join(dir, 'vault.json');
    await writeFile(path, 'old');
    assert.equal(await other.ask(`hold ${path}`), 'holding');
    const letGo = new Promise((resolve) => setTimeout(resolve, 400)).then(() => other.ask('unhold'));
    await writeFileAtomic(path, 'new');
    await letGo;
    assert.equal(await readFile(path, 'utf8'), 'new');
    assert.deepEqual(
      (await readdir(dir)).filter((n) => n.startsWith('vault.json.')),
      [],
      'no temp file left',
    );
  });

  it('gives up on a file held open for good: the old content stays whole, no temp file is left', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, 'old');
    assert.equal(await other.ask(`hold ${path}`), 'holding');
    await assert.rejects(writeFileAtomic(path, 'new'), (e: NodeJS.ErrnoException) => {
      assert.match(e.code ?? '', /^(EPERM|EBUSY|EACCES)$/);
      return true;
    });
    assert.equal(await other.ask('unhold'), 'unheld');
    assert.equal(await readFile(path, 'utf8'), 'old');
    assert.deepEqual(
      (await readdir(dir)).filter((n) => n.startsWith('settings.json.')),
      [],
    );
  });
});
