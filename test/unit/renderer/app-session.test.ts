/**
 * The app frame's life: opening connects every store (the policy listener first, so a policy push during
 * start-up is not missed) and follows the tray's commands; "Start visit" only opens the Visit screen;
 * closing lets go of everything it took, once each.
 */
import { describe, expect, it } from 'vitest';
import { startSession, type SessionStores } from '../../../renderer/lib/state/app-session.ts';

type Command = { command: 'start-visit' };

/** Stores that write what is done to them into one log. */
function fakeStores(log: string[]): SessionStores {
  const follower = (name: string) => ({
    connect: () => void log.push(`${name}.connect`),
    disconnect: () => void log.push(`${name}.disconnect`),
  });
  return {
    app: { load: async () => void log.push('app.load'), unload: () => void log.push('app.unload') },
    policy: {
      listen: () => {
        log.push('policy.listen');
        return () => void log.push('policy.unlisten');
      },
      load: async () => void log.push('policy.load'),
    },
    visit: follower('visit'),
    note: follower('note'),
    dictation: follower('dictation'),
  };
}

/** The bridge's app commands: the listener it holds, and whether it was let go. */
function fakeCommands() {
  const listeners = new Set<(command: Command) => void>();
  return {
    listeners,
    send: (command: Command) => listeners.forEach((l) => l(command)),
    api: {
      onAppCommand: (listener: (command: Command) => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
  };
}

describe('startSession', () => {
  it('connects every store, listening to the policy first', () => {
    const log: string[] = [];
    startSession(fakeStores(log), undefined, () => undefined);
    expect(log[0]).toBe('policy.listen');
    expect([...log].sort()).toEqual(
      [
        'policy.listen',
        'policy.load',
        'visit.connect',
        'note.connect',
        'app.load',
        'dictation.connect',
      ].sort(),
    );
  });

  it("opens the Visit screen on the tray's Start visit, and stops following commands when closed", () => {
    const commands = fakeCommands();
    let opened = 0;
    const stop = startSession(fakeStores([]), commands.api, () => opened++);
    commands.send({ command: 'start-visit' });
    expect(opened).toBe(1);
    // A command this renderer does not know (a newer main) is ignored.
    commands.send({ command: 'open-settings' } as unknown as Command);
    expect(opened).toBe(1);
    stop();
    expect(commands.listeners.size).toBe(0);
  });

  it('lets go of everything it took when closed, once each', () => {
    const log: string[] = [];
    const stop = startSession(fakeStores(log), fakeCommands().api, () => undefined);
    log.length = 0;
    stop();
    expect([...log].sort()).toEqual(
      ['visit.disconnect', 'note.disconnect', 'dictation.disconnect', 'app.unload', 'policy.unlisten'].sort(),
    );
  });

  it('runs without the bridge (the page opened outside the app)', () => {
    const stop = startSession(fakeStores([]), undefined, () => undefined);
    expect(() => stop()).not.toThrow();
  });
});
