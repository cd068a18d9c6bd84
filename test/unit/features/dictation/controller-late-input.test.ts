/**
 * What reaches a dictation after the fact: the person's keys once Stop was pressed (a late correction
 * must not type over them), a push-to-talk chord held before the dictation existed (nothing goes in under
 * a held Ctrl), and a session that failed for good (the dictation ends at once instead of "listening" into
 * nothing). Scripted sessions, the fake desktop and the fake key hook: no service, no display.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { parseChord } from '../../../../main/base/chords/chord.ts';
import { DictationController } from '../../../../main/features/dictation/dictation-controller.ts';
import { EngineInserter } from '../../../../main/features/dictation/engine-inserter.ts';
import type {
  DictationSessionLike,
  Inserter,
  OpenDictation,
  OverlayState,
} from '../../../../main/features/dictation/ports.ts';
import { Emitter } from '../../../../main/base/async/emitter.ts';
import { FakeDesktop } from '../../../../native/desktop.fake.ts';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { endlessMicrophone } from './scripted-session.ts';
import { scriptedDictationService } from './scripted-service.ts';

const disposals: Array<() => void> = [];
afterEach(() => {
  for (const d of disposals.splice(0)) d();
});

/** A dictation session whose text, failure and end the test drives. */
class ScriptedSession implements DictationSessionLike {
  text = '';
  failed = false;
  refused = 0;
  readonly #text = new Emitter<{ text: string; rolledBack: boolean }>();
  readonly #connection = new Emitter<unknown>();
  #endNow!: () => void;
  readonly #ended = new Promise<void>((resolve) => (this.#endNow = resolve));
  endCalled = false;
  get state() {
    return this.failed ? ('failed' as const) : ('streaming' as const);
  }
  get connection() {
    const state = this.failed ? 'failed' : 'streaming';
    return { state, unconfirmedMs: 0, allAudioSafe: true, journal: 'ok', attempt: 0 } as never;
  }
  async start() {}
  end(): Promise<void> {
    this.endCalled = true;
    return this.failed ? Promise.reject(new Error('failed')) : this.#ended;
  }
  finishEnd() {
    this.#endNow();
  }
  abort() {}
  sendAudio() {
    if (this.failed) this.refused++;
    return !this.failed;
  }
  say(text: string) {
    this.text = text;
    this.#text.emit({ text, rolledBack: false });
  }
  on(event: 'text' | 'connection', listener: (v: never) => void): () => void {
    return event === 'text' ? this.#text.on(listener as never) : this.#connection.on(listener as never);
  }
}

function service(inserter: Inserter, mode: 'push-to-talk' | 'hybrid') {
  const sessions: ScriptedSession[] = [];
  const open: OpenDictation = async () => {
    const session = new ScriptedSession();
    sessions.push(session);
    return { session, settle: async () => undefined, keep: () => undefined };
  };
  const hook = new FakeKeyHook();
  const retention: string[] = [];
  let locked = false;
  const dictation = scriptedDictationService({
    hook,
    settings: {
      choice: () => ({
        mode,
        toggle: parseChord('F9'),
        hold: parseChord('Control+Super'),
        cancel: parseChord('Shift+F9'),
      }),
      get: () => ({}),
      locked: () => [],
      update: () => undefined,
    } as never,
    history: {
      retentionChanged: async () => void retention.push('changed'),
      add: async () => undefined,
      list: () => [],
      get: () => undefined,
      remove: async () => undefined,
    } as never,
    open,
    microphone: endlessMicrophone(),
    lock: {
      holder: () => (locked ? 'dictation' : null),
      acquire: () => (locked ? false : (locked = true)),
      release: () => void (locked = false),
    },
    inserter,
    outcomeMs: 5,
  });
  dictation.applyHotkeys();
  disposals.push(() => dictation.dispose());
  return { dictation, hook, sessions, retention };
}

function typingDesktop() {
  const desktop = new FakeDesktop();
  const field = desktop.addWindow('w1', 'Notepad.exe');
  const inserter = new EngineInserter({
    desktop,
    clipboard: desktop.clipboard,
    platform: 'win32',
    mode: () => 'type',
    rules: () => [],
    typingObserved: () => true, // the key hook runs
  });
  return { desktop, field, inserter };
}

const chord = (hook: FakeKeyHook) => {
  hook.press('Control');
  hook.press('Super');
  hook.release('Super');
  hook.release('Control');
};

it('keys typed after Stop keep a late correction off the person’s text', async () => {
  const { desktop, field, inserter } = typingDesktop();
  const { dictation, hook, sessions } = service(inserter, 'hybrid');
  chord(hook); // a tap: dictation goes on after the release
  await vi.waitFor(() => expect(sessions).toHaveLength(1));
  const session = sessions[0]!;
  session.say('Patient is table.');
  await vi.waitFor(() => expect(field.text).toBe('Patient is table.'));
  await new Promise((resolve) => setTimeout(resolve, 400)); // past the tap window
  chord(hook); // tap again: stop; END sent, the service's last frames still to come
  await vi.waitFor(() => expect(session.endCalled).toBe(true));
  for (const key of ['P', 'l', 'a', 'n']) {
    hook.press(key);
    desktop.personTypes(key, false);
    hook.release(key);
  }
  session.say('Patient is stable.'); // the late correction
  session.finishEnd();
  await vi.waitFor(() => expect(dictation.controller.active).toBe(false));
  expect(field.text).toBe('Patient is table.Plan'); // the correction went to the box, not over "Plan"
});

it('push-to-talk: nothing is typed while the chord is held, all of it once released', async () => {
  const { field, inserter } = typingDesktop();
  const { hook, sessions } = service(inserter, 'push-to-talk');
  hook.press('Control');
  hook.press('Super');
  await vi.waitFor(() => expect(sessions).toHaveLength(1));
  sessions[0]!.say('Patient is stable.');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(field.text).toBe(''); // typed under a held Ctrl, these would be the application's shortcuts
  hook.release('Super');
  hook.release('Control');
  sessions[0]!.finishEnd();
  await vi.waitFor(() => expect(field.text).toBe('Patient is stable.'));
});

it('a session that fails for good ends the dictation at once, keeping what was said', async () => {
  let session!: ScriptedSession;
  const overlay: OverlayState[] = [];
  const finished: Array<{ text: string; outcome: unknown }> = [];
  let kept = false;
  const controller = new DictationController({
    open: async () => {
      session = new ScriptedSession();
      return { session, settle: async () => undefined, keep: () => void (kept = true) };
    },
    microphone: endlessMicrophone(),
    lock: { holder: () => null, acquire: () => true, release: () => undefined },
    inserter: typingDesktop().inserter,
    overlay: { show: (state) => void (state && overlay.push(state)) },
    sink: { live: () => undefined, finished: (text, outcome) => void finished.push({ text, outcome }) },
    outcomeMs: 5,
  });
  expect(await controller.start()).toBe(true);
  await vi.waitFor(() => expect(session).toBeDefined());
  session.say('Patient is stable.');
  session.failed = true; // a refused sign-in, a configuration the service will not take
  await vi.waitFor(() => expect(controller.active).toBe(false));
  expect(session.refused).toBe(1); // the first refused chunk ended it: not a stream of them
  expect(finished).toEqual([
    { text: 'Patient is stable.', outcome: expect.objectContaining({ kind: 'failed' }) },
  ]);
  expect(kept).toBe(true); // its journal stays for recovery
  expect(overlay.at(-1)?.phase).toBe('failed');
});

it('a dictation started from our own window goes to the box; "insert again" goes back to the last application', async () => {
  const desktop = new FakeDesktop();
  const ehr = desktop.addWindow('ehr', 'Epic.exe');
  const own = desktop.addWindow('own', 'Scribe.exe');
  (own.target as { pid: number }).pid = 4242;
  const inserter = new EngineInserter({
    desktop,
    clipboard: desktop.clipboard,
    platform: 'win32',
    mode: () => 'paste',
    rules: () => [],
    ownPid: 4242,
  });
  desktop.active = 'ehr';
  expect((await inserter.captureTarget())?.appName).toBeTruthy(); // a hotkey dictation into the EHR
  desktop.active = 'own'; // then the on-screen button, in our window
  const target = await inserter.captureTarget();
  expect(target).toBeNull();
  const run = await inserter.begin(target);
  run.update('Patient is stable.', false);
  expect((await run.finish('Patient is stable.')).kind).not.toBe('inserted');
  expect(own.text).toBe(''); // never typed into our own window
  expect(await inserter.insertAgain('Patient is stable.')).toMatchObject({ kind: 'inserted' });
  expect(ehr.text).toBe('Patient is stable.');
});

it('a history retention changed in Settings is applied to the history at once', () => {
  const { dictation, retention } = service(typingDesktop().inserter, 'hybrid');
  dictation.updateSettings({ insertMode: 'paste' } as never);
  expect(retention).toEqual([]);
  dictation.updateSettings({ historyHours: 0 } as never);
  expect(retention).toEqual(['changed']);
});
