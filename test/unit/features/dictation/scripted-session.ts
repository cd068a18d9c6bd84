/** Test parts for the controller: a dictation session the test speaks into, and a microphone that never ends. */
import { Emitter } from '../../../../main/base/async/emitter.ts';
import type { DictationSessionLike, OpenDictation } from '../../../../main/features/dictation/ports.ts';

/** A session whose DICTATED_TEXT units and corrections the test sends; `end()` resolves at once. */
export class ScriptedSession implements DictationSessionLike {
  text = '';
  readonly #text = new Emitter<{ text: string; rolledBack: boolean }>();
  readonly state = 'streaming' as const;
  readonly connection = {
    state: 'streaming',
    unconfirmedMs: 0,
    allAudioSafe: true,
    journal: 'ok',
    attempt: 0,
  } as never;
  async start() {}
  async end() {}
  abort() {}
  sendAudio() {
    return true;
  }
  /** One DICTATED_TEXT unit, appended as-is. */
  unit(unit: string) {
    this.set(this.text + unit);
  }
  /** The whole text (a correction or a rollback). */
  set(text: string, rolledBack = false) {
    this.text = text;
    this.#text.emit({ text, rolledBack });
  }
  on(event: 'text' | 'connection', listener: (v: never) => void): () => void {
    return event === 'text' ? this.#text.on(listener as never) : () => undefined;
  }
}

/** Opens scripted sessions, kept in `sessions`. */
export function scriptedOpen(): { open: OpenDictation; sessions: ScriptedSession[] } {
  const sessions: ScriptedSession[] = [];
  const open: OpenDictation = async () => {
    const session = new ScriptedSession();
    sessions.push(session);
    return { session, settle: async () => undefined, keep: () => undefined };
  };
  return { open, sessions };
}

/** A microphone that yields a chunk every 10 ms until stopped. */
export function endlessMicrophone() {
  return {
    take() {
      let stopped = false;
      const capture = { stop: async () => void (stopped = true), close: async () => void (stopped = true) };
      const chunks = (async function* () {
        while (!stopped) {
          yield new Int16Array(1600);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      return { capture: capture as never, chunks, warm: false };
    },
    rest() {},
  };
}
