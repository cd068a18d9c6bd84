/** The dictation controller's options, its sink and one running dictation (dictation-controller.ts). */
import type { AudioCapture } from '../../core/audio/capture.ts';
import type { DictationFlag, DictationMessage } from '../../../preload/contract/index.ts';
import type { WarmMicrophone } from './warm-microphone.ts';
import type { CheckSettings } from './dictation-checks.ts';
import type { CommandSettings, DictationStream } from './dictation-stream.ts';
import type { TextRange } from './commands/dictated-document.ts';
import type {
  FieldNavigator,
  InsertOutcome,
  Inserter,
  InsertionRun,
  InsertTarget,
  MicrophoneLock,
  OpenDictation,
  OpenedDictation,
  OverlayPort,
} from './ports.ts';

/** How a dictation ended: an insertion's outcome, or failed. */
export type DictationOutcome = InsertOutcome | { kind: 'failed'; reason: DictationMessage };

/** Where finished (or rescued) text goes: the dictation box and history. */
export interface DictationSink {
  /**
   * The live text of the current dictation (the box shows it as it comes), with its flagged corrections and,
   * dictating into the box, the words "select ‹words›" chose (selected until the next words replace them).
   */
  live(text: string, flags?: readonly DictationFlag[], selection?: TextRange): void;
  /** A dictation ended: its text, what happened to it, its open flags, and (failed) the journal that keeps its audio. */
  finished(
    text: string,
    outcome: DictationOutcome,
    flags?: readonly DictationFlag[],
    journalId?: string,
  ): void;
  /** Dictating into the box: what a command did (or why it could not), said in the box as on the overlay. */
  notice?(message: DictationMessage): void;
  /** "Undo last dictation": `removed` from the application, or not (the text goes back to the box). */
  undone?(text: string, removed: boolean, appName: string): void;
  /** The checks flagged something new in the dictation going to `appName` (null: the box). */
  flagsShown?(flags: readonly DictationFlag[], appName: string | null): void;
}

/** Options of {@link DictationController}. */
export interface DictationControllerOptions {
  readonly open: OpenDictation;
  /** The microphone, kept warm between dictations (main/features/dictation/warm-microphone.ts). */
  readonly microphone: Pick<WarmMicrophone, 'take' | 'rest'>;
  readonly lock: MicrophoneLock;
  readonly inserter: Inserter;
  readonly overlay: OverlayPort;
  readonly sink: DictationSink;
  /** Voice commands on or off (Settings, policy) and the dictation language, read at each start. */
  readonly commands?: () => CommandSettings;
  /** What the checks read at each start (earlier text where the text goes, the kinds IT left on). */
  readonly checks?: (target: InsertTarget | null) => CheckSettings;
  /** "Next field" / "previous field" (template blanks in the focused field). */
  readonly navigator?: FieldNavigator;
  /** "Transfer text" said into the box: run once the dictation ended (the box's text into the application). */
  readonly transfer?: () => Promise<void>;
  /** "Make that a Text" said: its content, to be named in the dictation box. */
  readonly makeText?: (content: string) => void;
  /** Told when a dictation starts or ends by any means (the hotkey machine, the tray). */
  readonly onActiveChange?: (active: boolean) => void;
  /** Hotkey-down → first captured sample, for the benchmark. */
  readonly onFirstSample?: (ms: number) => void;
  readonly now?: () => number;
  /** How long the outcome stays on the overlay. */
  readonly outcomeMs?: number;
  /** How long an outcome stays on the overlay while it shows a flag not yet kept or fixed (its keys with it). */
  readonly flagMs?: number;
  /** True (read at each start) when the audio is a recording (the sample): its end ends the dictation. */
  readonly endsWithAudio?: () => boolean;
}

/** How long a voice command's result stays on the overlay. */
export const NOTICE_MS = 3000;

/** One dictation while it runs. */
export interface Running {
  readonly startedAt: number;
  readonly capture: AudioCapture;
  readonly target: InsertTarget | null;
  readonly run: InsertionRun;
  readonly stream: DictationStream;
  /** A message shown over the phase for a moment (a voice command's result). */
  notice: { message: DictationMessage; until: number } | null;
  opened: OpenedDictation | null;
  pump: Promise<void> | null;
  level: number;
  cancelled: boolean;
  offs: (() => void)[];
  ticker: ReturnType<typeof setInterval> | null;
}
