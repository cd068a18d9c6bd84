import type { UpdateRefusal } from '../contract/update-codes.ts';

/** The Electron shell's own words: the tray's states and menu, the question before quitting, a failed start. */
export interface ShellWords {
  readonly tray: {
    readonly status: Readonly<Record<'idle' | 'recording' | 'paused' | 'reconnecting' | 'error', string>>;
    readonly startVisit: string;
    readonly endVisit: string;
    readonly startDictation: string;
    readonly stopDictation: string;
    readonly undoDictation: string;
    /** "Show Scribe Desktop": `product` is the app's name. */
    readonly show: (product: string) => string;
    /** The tray icon's tooltip: the app's name and its state, punctuated as the language does. */
    readonly tooltip: (product: string, status: string) => string;
    readonly quit: string;
  };
  /** Quitting while a visit records. */
  readonly quitDialog: {
    readonly title: string;
    readonly message: string;
    readonly detail: string;
    readonly endAndQuit: string;
    readonly keepRecording: string;
  };
  readonly startFailed: {
    readonly title: string;
    /** After the problem's own line (IT has to act). */
    readonly contactIt: string;
    /** No known problem: what the clinician can do. */
    readonly restart: string;
  };
}

/** An update ready to install, or refused: each refusal its own sentence; `version` as the feed announced it. */
export interface UpdateWords {
  readonly readyTitle: string;
  readonly readyBody: (version: string | null) => string;
  readonly refusedTitle: string;
  readonly refused: Readonly<Record<UpdateRefusal, (version: string | null) => string>>;
  /** A refusal of no known kind: still says what happened and what to do, with its code for IT. */
  readonly refusedOther: (code: string) => string;
}
