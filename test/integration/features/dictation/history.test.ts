import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DictationHistory } from '../../../../main/features/dictation/dictation-history.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';

const CANARY = 'Canary patient Zebulon Quixote has a penicillin allergy';
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'history-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('dictation history', () => {
  it('by default keeps nothing on disk beyond the session', async () => {
    const history = new DictationHistory({
      secrets: new MemorySecretStore(),
      dataDir: dir,
      retentionHours: () => 0,
    });
    await history.add(CANARY, 'Test Editor');
    expect(history.list().map((e) => e.text)).toEqual([CANARY]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('with a retention, keeps entries encrypted at rest and reloads them; old ones go', async () => {
    const secrets = new MemorySecretStore();
    let now = 1_000_000;
    const open = () =>
      new DictationHistory({ secrets, dataDir: dir, retentionHours: () => 2, now: () => now });
    const history = open();
    await history.add('old text', 'copied');
    now += 3 * 3_600_000;
    const entry = await history.add(CANARY, 'Test Editor');
    const files = await readdir(dir);
    expect(files).toEqual(['dictation-history.vault']);
    const bytes = await readFile(path.join(dir, files[0]!));
    expect(bytes.includes(Buffer.from('Zebulon'))).toBe(false);
    const reloaded = open();
    await reloaded.load();
    expect(reloaded.list()).toEqual([entry]);
    await reloaded.remove(entry!.id);
    expect(reloaded.list()).toEqual([]);
  });

  it.each(['in Settings, at once', 'at the next start'] as const)(
    'retention set back to 0 shreds the file and its key: %s',
    async (when) => {
      const secrets = new MemorySecretStore();
      let hours = 5;
      const options = { secrets, dataDir: dir, retentionHours: () => hours };
      const history = new DictationHistory(options);
      await history.add(CANARY, 'x');
      expect(await readdir(dir)).toHaveLength(1);
      hours = 0;
      if (when === 'at the next start') await new DictationHistory(options).load();
      else await history.retentionChanged();
      expect(await readdir(dir)).toEqual([]);
      expect(await secrets.get('dictation-history-key')).toBeUndefined();
      // In Settings, this session's list stays.
      if (when === 'in Settings, at once') expect(history.list().map((e) => e.text)).toEqual([CANARY]);
    },
  );
});
