/**
 * The visit's link to its live session: the session's items and health go into the visit status, its end
 * of audio and failure to the recorder, and the transcript is pushed in batches while it records.
 */
import type { ErrorCode, FailureNote } from '../../../preload/contract/index.ts';
import type { LiveSession } from './ports.ts';
import type { VisitStatus } from './visit-status.ts';

const TRANSCRIPT_PUSH_MS = 150;

/** What the recorder does when the session's audio ends or the session fails for good. */
export interface LiveLinkHandlers {
  onAudioEnd(code: ErrorCode | null): void;
  onFail(session: LiveSession, failure: FailureNote): void;
}

/** The attached session (at most one). */
export class LiveLink {
  readonly #status: VisitStatus;
  readonly #handlers: LiveLinkHandlers;
  #session: LiveSession | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #unsubscribe: Array<() => void> = [];

  constructor(status: VisitStatus, handlers: LiveLinkHandlers) {
    this.#status = status;
    this.#handlers = handlers;
  }

  /** The attached session, if any. */
  get session(): LiveSession | null {
    return this.#session;
  }

  attach(session: LiveSession): void {
    this.#session = session;
    this.#unsubscribe = [
      session.onDidItem((item) => this.#status.transcript.upsert(item)),
      session.onDidHealth((h) =>
        this.#status.set({ connection: h.health, nothingLost: h.nothingLost, disk: h.disk }),
      ),
      session.onDidAudioEnd(({ code }) => this.#handlers.onAudioEnd(code)),
      session.onDidFail((failure) => this.#handlers.onFail(session, failure)),
    ];
  }

  /** The visit records: its transcript goes to the renderer a few times a second, however fast items come. */
  pushTranscript(): void {
    this.#timer = setInterval(() => this.#status.flush(), TRANSCRIPT_PUSH_MS);
  }

  /** Stops listening, pushes what is left of the transcript and forgets the session. */
  detach(): void {
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#status.flush();
    this.#session = null;
  }
}
