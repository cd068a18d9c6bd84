import { describe, expect, it } from 'vitest';
import { planFor } from '../../../../main/features/dictation/insertion/app-rules.ts';

describe('planFor', () => {
  it('pastes with Ctrl+V by default, Ctrl+Shift+V in terminals, Cmd+V on macOS', () => {
    expect(planFor({ id: '1', app: 'Gedit' })).toMatchObject({ mode: 'paste', chord: 'ctrl-v' });
    expect(planFor({ id: '1', app: 'Gnome-terminal' })).toMatchObject({ chord: 'ctrl-shift-v' });
    expect(planFor({ id: '1', app: 'com.apple.Terminal' }, { platform: 'darwin' })).toMatchObject({
      chord: 'cmd-v',
    });
  });

  it('types into remote-session clients, paced, unless a rule says otherwise', () => {
    expect(planFor({ id: '1', app: 'wfica32.exe' })).toMatchObject({ mode: 'type', paceMs: 20 });
    expect(planFor({ id: '1', app: 'wfica32.exe' }, { mode: 'copy' })).toMatchObject({ mode: 'copy' });
    const rules = [{ app: 'WFICA32.EXE', mode: 'paste' as const }];
    expect(planFor({ id: '1', app: 'wfica32.exe' }, { rules })).toMatchObject({ mode: 'paste', paceMs: 0 });
  });

  it('the first matching rule wins (policy rules come first)', () => {
    const rules = [
      { app: 'ehr.exe', mode: 'type' as const, paceMs: 50, scancode: true },
      { app: 'ehr.exe', mode: 'copy' as const },
    ];
    expect(planFor({ id: '1', app: 'EHR.exe' }, { rules, mode: 'paste' })).toEqual({
      mode: 'type',
      chord: 'ctrl-v',
      paceMs: 50,
      scancode: true,
    });
  });
});
