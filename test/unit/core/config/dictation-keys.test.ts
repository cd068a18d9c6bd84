import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../main/core/config/resolve-config.ts';
import { configProblemTexts } from '../../../../main/compose/config-problem-words.ts';

describe('dictation policy keys', () => {
  it('takes hotkeys, mode, insertion, per-app rules and history from policy, in normal form', () => {
    const result = resolveConfig({
      policy: {
        values: {
          dictationMode: 'push-to-talk',
          dictationToggleKey: 'ctrl+alt+d',
          dictationHoldKey: 'win+ctrl',
          dictationInsertMode: 'type',
          dictationAppRules: '[{"app":"wfica32.exe","insert":"type"},{"app":"KeePass","insert":"never"}]',
          dictationHistoryHours: 8,
        },
        origin: 'policy.json',
      },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      dictationMode: 'push-to-talk',
      dictationToggleKey: 'Control+Alt+D',
      dictationHoldKey: 'Control+Super',
      dictationInsertMode: 'type',
      dictationAppRules: [
        { app: 'wfica32.exe', insert: 'type' },
        { app: 'KeePass', insert: 'never' },
      ],
      dictationHistoryHours: 8,
    });
    expect(result.locked).toEqual(
      expect.arrayContaining(['dictationMode', 'dictationToggleKey', 'dictationHistoryHours']),
    );
  });

  it('refuses a reserved or text-typing chord with the reason', () => {
    const result = resolveConfig({
      policy: { values: { dictationToggleKey: 'Control+V', dictationHoldKey: 'D' }, origin: 'policy.json' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // Facts in the problem (the refusal, the keys), words where it is shown.
    expect(JSON.stringify(result.errors)).not.toContain('would also type');
    const text = configProblemTexts(result.errors).join('\n');
    expect(text).toContain('paste');
    expect(text).toContain('would also type');
  });
});
