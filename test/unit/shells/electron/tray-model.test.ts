import { LOCALES } from '../../../../preload/words/index.ts';
import { describe, expect, it } from 'vitest';
import {
  trayModel,
  trayStateFromVisit,
  type TrayCommand,
  type TrayState,
} from '../../../../main/shells/electron/tray-model.ts';

function enabled(state: TrayState): TrayCommand[] {
  return trayModel(state).items.flatMap((item) =>
    item.kind === 'command' && item.enabled ? [item.command] : [],
  );
}

describe('trayModel', () => {
  it('offers Start only when no visit is in progress, End only while one is', () => {
    expect(enabled('idle')).toEqual(['start-visit', 'toggle-dictation', 'show-window', 'quit']);
    expect(enabled('error')).toEqual(['start-visit', 'toggle-dictation', 'show-window', 'quit']);
    expect(enabled('recording')).toEqual(['stop-visit', 'show-window', 'quit']);
    expect(enabled('paused')).toEqual(['stop-visit', 'show-window', 'quit']);
    expect(enabled('reconnecting')).toEqual(['stop-visit', 'show-window', 'quit']);
  });

  it('shows a distinct icon and status for recording, reconnecting and errors', () => {
    expect(trayModel('idle').icon).toBe('tray-idle');
    expect(trayModel('recording').icon).toBe('tray-recording');
    expect(trayModel('reconnecting').icon).toBe('tray-warning');
    expect(trayModel('error').icon).toBe('tray-warning');
    const tooltips = new Set(
      (['idle', 'recording', 'paused', 'reconnecting', 'error'] as const).map((s) => trayModel(s).tooltip),
    );
    expect(tooltips.size).toBe(5);
    const dictation = (dictating: boolean) =>
      trayModel('idle', { active: dictating, undoable: false }).items.find(
        (i) => i.kind === 'command' && i.command === 'toggle-dictation',
      );
    expect(dictation(false)).toMatchObject({ label: 'Start dictation', enabled: true });
    expect(dictation(true)).toMatchObject({ label: 'Stop dictation', enabled: true });
    const status = trayModel('reconnecting').items[0];
    expect(status).toEqual({ kind: 'status', label: trayModel('reconnecting').tooltip.split(': ')[1] });
  });
});

describe('trayModel: undo last dictation', () => {
  const undo = (dictation: { active: boolean; undoable: boolean }, state: TrayState = 'idle') =>
    trayModel(state, dictation).items.find((i) => i.kind === 'command' && i.command === 'undo-dictation');

  it('is offered only while the last dictation can be taken back and none is running', () => {
    expect(undo({ active: false, undoable: true })).toMatchObject({
      label: 'Undo last dictation',
      enabled: true,
    });
    expect(undo({ active: false, undoable: false })).toMatchObject({ enabled: false });
    expect(undo({ active: true, undoable: true })).toMatchObject({ enabled: false });
    // A visit beside it does not matter: undo touches no microphone.
    expect(undo({ active: false, undoable: true }, 'recording')).toMatchObject({ enabled: true });
    expect(trayModel('idle').items.some((i) => i.kind === 'command' && i.command === 'undo-dictation')).toBe(
      true,
    );
  });
});

describe('trayStateFromVisit', () => {
  it.each([
    ['idle', 'connected', 'idle'],
    ['ended', 'connected', 'idle'],
    ['starting', 'connected', 'recording'],
    ['recording', 'connected', 'recording'],
    ['recording', 'reconnecting', 'reconnecting'],
    ['recording', 'offline', 'reconnecting'],
    ['ending', 'connected', 'recording'],
    ['paused', 'reconnecting', 'paused'],
    ['failed', 'offline', 'error'],
  ] as const)('%s + %s → %s', (phase, connection, expected) => {
    expect(trayStateFromVisit({ phase, connection })).toBe(expected);
  });
});

describe("trayModel: in the window's language", () => {
  it('speaks French and Spanish, the same commands in the same states', () => {
    const fr = trayModel('recording', { active: false, undoable: false }, LOCALES.fr.shell.tray);
    expect(fr.tooltip).toBe('Scribe Desktop : Consultation en cours d’enregistrement');
    expect(fr.items.flatMap((i) => (i.kind === 'command' ? [i.label] : []))).toEqual([
      'Démarrer la consultation',
      'Terminer la consultation',
      'Démarrer la dictée',
      'Annuler la dernière dictée',
      'Afficher Scribe Desktop',
      'Quitter',
    ]);
    const es = trayModel('idle', { active: true, undoable: false }, LOCALES.es.shell.tray);
    expect(es.items).toContainEqual({
      kind: 'command',
      command: 'toggle-dictation',
      label: 'Detener dictado',
      enabled: true,
    });
    for (const state of ['idle', 'recording', 'paused', 'reconnecting', 'error'] as const)
      expect(trayModel(state, undefined, LOCALES.es.shell.tray).items.map((i) => i.kind)).toEqual(
        trayModel(state).items.map((i) => i.kind),
      );
  });
});
