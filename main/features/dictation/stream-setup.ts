/**
 * The text pipeline of one dictation as the controller builds it (dictation-stream.ts): its options taken
 * from the controller's (voice commands, field navigation, the checks, the box), what it says shown on the
 * overlay, what the checks flag said and told to the sink (the box, the audit trail).
 */
import type { DictationMessage } from '../../../preload/contract/index.ts';
import type { DictationControllerOptions } from './controller-types.ts';
import { DictationStream } from './dictation-stream.ts';
import type { InsertionRun, InsertTarget } from './ports.ts';

/** What the controller gives the stream of one dictation. */
export interface StreamParts {
  readonly run: InsertionRun;
  readonly target: InsertTarget | null;
  /** Shows a message on the overlay (and in the box when dictating into it). */
  readonly say: (message: DictationMessage) => void;
  /** Ends the dictation (the text goes in); resolves once it is out. */
  readonly stop: () => Promise<void>;
}

/** The stream of one dictation. */
export function dictationStream(o: DictationControllerOptions, parts: StreamParts): DictationStream {
  const { run, target, say, stop } = parts;
  return new DictationStream({
    run,
    target,
    commands: o.commands?.() ?? { enabled: false, locale: 'ENGLISH_US' },
    navigator: o.navigator,
    say,
    stop: () => void stop(),
    transfer: o.transfer && (() => void stop().then(o.transfer)),
    makeText: o.makeText,
    live: (text, flags, selection) => o.sink.live(text, flags, selection),
    flagged: (flags) => {
      if (flags.some((flag) => flag.correction)) say({ code: 'correction_flagged' });
      o.sink.flagsShown?.(flags, target?.appName ?? null);
    },
    checks: o.checks?.(target),
  });
}
