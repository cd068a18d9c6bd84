/**
 * Dictation over /dictate-ws.
 *
 * Coverage rule: DICTATED_TEXT carries no offsets, so no chunk can be tied to the text it produced. All audio
 * of the current socket is kept until the socket closes cleanly after END (the close means every chunk was
 * turned into text). On a drop, the socket's audio is replayed from its first chunk on a new socket whose
 * CONFIG carries the committed text as text_field_context; the service dictates it again, so the text is
 * neither lost nor doubled. The dropped socket's text is rolled back only when the replay brings text again
 * (its first content frame, or a clean close without any): until then it stays, so a session that fails
 * before the replay's first words keeps the words the clinician saw.
 */
import { dictateConfigFrame, type TextFieldContext } from './frames.ts';
import { StreamingSession, type SessionEvents, type SessionOptions } from './streaming-session.ts';
import type { ContentFrame, SocketRun } from './socket-run.ts';
import { DictationText } from './dictation-text.ts';
import { StreamingError } from './streaming-error.ts';
import { DICTATION_LOCALES, type DictationLocale } from '../api/schemas/common.ts';

export type { DictationLocale } from '../api/schemas/common.ts';

/** Events of a dictation session. */
export interface DictateEvents extends SessionEvents {
  /** The whole text after a unit, a correction or a rollback (`rolledBack`: a dropped socket's text taken back). */
  text: { text: string; rolledBack: boolean };
}

export interface DictateSessionOptions extends SessionOptions {
  locale: DictationLocale;
  asyncCorrections?: boolean;
  /** The field's text around the cursor before dictation starts; absent when the field cannot be read. */
  context?: TextFieldContext;
}

/** A dictation session: the same state machine, text instead of transcript items. */
export class DictateSession extends StreamingSession<DictateEvents> {
  protected readonly streamCount = 1;
  readonly #text = new DictationText();
  readonly #locale: DictationLocale;
  readonly #corrections: boolean;
  readonly #context: TextFieldContext | undefined;

  /** A socket dropped: its uncommitted text goes when a replay brings text again (#replayArrived). */
  #replayDue = false;

  constructor(options: DictateSessionOptions) {
    super('dictate-ws', 1, options);
    this.#locale = options.locale;
    this.#corrections = options.asyncCorrections ?? true;
    this.#context = options.context;
  }

  /** The text dictated so far (not including the field context). */
  get text(): string {
    return this.#text.text;
  }

  /** Sends one 100 ms chunk; false when the session does not take audio now. */
  sendAudio(chunk: Int16Array): boolean {
    return this.acceptAudio(0, chunk);
  }

  protected validate(): void {
    if (!(DICTATION_LOCALES as readonly string[]).includes(this.#locale)) {
      throw new StreamingError('invalid_state', 'This dictation language is not supported.');
    }
  }

  protected configFrame(): object {
    // The field context plus what was committed: where the service continues from after a reconnect.
    // A field that cannot be read sends none, until there is committed text to continue from.
    const committed = this.#text.committed;
    if (!this.#context && committed === '')
      return dictateConfigFrame(this.#locale, this.#corrections, undefined);
    const context = this.#context ?? { text: '', selectionStart: 0, selectionLength: 0 };
    const before = context.text.slice(0, context.selectionStart);
    const after = context.text.slice(context.selectionStart + context.selectionLength);
    const text = committed === '' ? context.text : before + committed + after;
    const start = committed === '' ? context.selectionStart : before.length + committed.length;
    const length = committed === '' ? context.selectionLength : 0;
    return dictateConfigFrame(this.#locale, this.#corrections, {
      text,
      selectionStart: start,
      selectionLength: length,
    });
  }

  protected streamIdOf(): undefined {
    return undefined;
  }

  protected streamsForAck(): number[] {
    return [0];
  }

  /**
   * The text a dropped socket did not commit is taken back when a later socket's replay brings text again:
   * at its first content frame, or at its clean close if it brought none (the replay covered the same audio,
   * so it is authoritative). Neither at the drop nor when the next socket starts: a session that fails
   * before the replay's first words (a fatal error frame, a spent reconnect budget, a refused sign-in)
   * keeps the words the clinician saw, and its kept audio can still be sent again for the whole text.
   */
  protected override onSocketDropped(): void {
    this.#replayDue = true;
  }

  protected override onSocketClosedCleanly(): void {
    this.#replayArrived();
    this.#text.commit();
    this.checkpoint({ kind: 'text', committed: this.#text.committed });
  }

  protected onContent(frame: ContentFrame, _run: SocketRun): void {
    switch (frame.type) {
      case 'DICTATED_TEXT':
        this.#replayArrived();
        this.#text.append(frame.text);
        this.emit('text', { text: this.#text.text, rolledBack: false });
        return;
      case 'ASYNC_CORRECTION':
        // First after a drop, a correction can only be about what the replay continues from: one that does
        // not fit it changes nothing, and the words shown stay until the replay brings text.
        if (this.#replayDue && !this.#text.committed.endsWith(frame.suffix)) return;
        this.#replayArrived();
        if (this.#text.correct(frame.suffix, frame.replacement))
          this.emit('text', { text: this.#text.text, rolledBack: false });
        return;
      case 'TRANSCRIPT_ITEM':
        return; // not part of this protocol
      default:
        return assertNever(frame);
    }
  }

  /**
   * A replay brought text (or closed cleanly without any): the dropped sockets' text goes, as its own `text`
   * event before the new text's, so a consumer sees the cut first (command credits, the field's replay).
   */
  #replayArrived(): void {
    if (!this.#replayDue) return;
    this.#replayDue = false;
    if (this.#text.text === this.#text.committed) return;
    this.#text.rollback();
    this.emit('text', { text: this.#text.text, rolledBack: true });
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled frame ${(value as { type?: unknown }).type as string}`);
}
