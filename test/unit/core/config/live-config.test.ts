/** The live configuration follows IT's policy even after one of its listeners failed. */
import { describe, expect, it, vi } from 'vitest';
import { LiveConfig, type Resolved } from '../../../../main/core/config/live-config.ts';
import type { Config } from '../../../../main/core/config/config-schema.ts';
import type { ResolveResult } from '../../../../main/core/config/resolve-config.ts';

function resolved(baseUrl: string): Resolved {
  return {
    ok: true,
    config: { baseUrl } as unknown as Config,
    locked: [],
    sources: {} as never,
    ignored: [],
  };
}

function liveWith(results: ResolveResult[]): LiveConfig {
  let next = 0;
  return new LiveConfig(resolved('https://a.example'), {
    load: async () => results[Math.min(next++, results.length - 1)]!,
    watchFiles: [],
  });
}

describe('LiveConfig', () => {
  it('keeps applying policy changes after a listener threw, and reports the listener error', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const live = liveWith([resolved('https://b.example'), resolved('https://c.example')]);
      const heard: string[] = [];
      live.onDidChange(() => {
        throw new Error('a listener bug');
      });
      live.onDidChange((r) => heard.push((r.config as unknown as { baseUrl: string }).baseUrl));

      await expect(live.reload()).resolves.toBeUndefined();
      await expect(live.reload()).resolves.toBeUndefined();

      expect(heard).toEqual(['https://b.example', 'https://c.example']);
      expect((live.current().config as unknown as { baseUrl: string }).baseUrl).toBe('https://c.example');
      await vi.waitFor(() =>
        expect(warnings.filter((w) => /listener threw/.test(w.message))).toHaveLength(2),
      );
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('goes on after a load that threw, and a failed reload keeps the last good configuration', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const live = new LiveConfig(resolved('https://a.example'), {
      load: async () => {
        calls++;
        if (calls === 1) throw new Error('unreadable');
        if (calls === 2) return { ok: false, errors: [] } as unknown as ResolveResult;
        return resolved('https://d.example');
      },
      watchFiles: [],
      onDidFail: (errors) => failures.push(errors),
    });
    await live.reload();
    await live.reload();
    expect((live.current().config as unknown as { baseUrl: string }).baseUrl).toBe('https://a.example');
    expect(failures).toHaveLength(1);
    await live.reload();
    expect((live.current().config as unknown as { baseUrl: string }).baseUrl).toBe('https://d.example');
  });
});
