/** A command the command filter heard (command-filter.ts), as the runner runs it and the CLI reports it. */
import type { CommandKind } from '../../../../preload/contract/command-phrases.ts';
import type { FillOutcome } from './field-fill-commands.ts';

/** A command heard in the dictation, to run (or to say it could not). */
export interface HeardCommand {
  readonly kind: CommandKind;
  /** `select`: the words to select. */
  readonly words?: string;
  /** In the dictation box, the commands that select or place (SELECTING): whether they found where. */
  readonly found?: boolean;
  /** `scratch` or `delete` with nothing left to remove. */
  readonly nothingToScratch?: boolean;
  /** `delete` took out the words "select ‹words›" chose (in the dictation box). */
  readonly deletedSelection?: boolean;
  /** `wake` said while awake: nothing to do. */
  readonly notAsleep?: boolean;
  /** `cap`, `all_caps`, `no_caps` with no words to change. */
  readonly nothingToRecase?: boolean;
  /** Accept defaults, field complete, choose, in the dictation's own text: what they did there. */
  readonly filled?: FillOutcome;
  /**
   * In another application, right after "select ‹words›" / "select that": `delete` and the case commands act
   * on the field's selection (the runner reads it there), not on the last phrase.
   */
  readonly onSelection?: boolean;
  /** `make_text`: the words selected by voice, else the dictation's text so far (patient text: never logged). */
  readonly content?: string;
}
