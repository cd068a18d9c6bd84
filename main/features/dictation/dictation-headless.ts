/**
 * Dictation's headless front door: what a shell without a window (`scribe dictate` and `scribe recover`,
 * through main/compose/headless.ts) uses of dictation: the same voice commands and the same insertion
 * engine as the app's dictation, without its hotkeys, overlay or box.
 */
import { CommandFilter, type CommandFilterOptions } from './commands/command-filter.ts';
import {
  OWN_TEXT_SHAPING,
  ownTextNotice,
  RecoveredCommands,
  spokenAs,
  TEXT_SHAPING,
} from './commands/recovered-commands.ts';
import { INSERT_MODES, type StreamingInsertionOptions } from './insertion/insertion-types.ts';
import { StreamingInsertion } from './insertion/streaming-insertion.ts';
import { LineBreakShaper, type LineBreak, type LineBreakRefusal } from './insertion/line-breaks.ts';
import { lineBreakOf } from './engine-inserter.ts';

export type { HeardCommand } from './commands/command-filter.ts';
export type { InsertMode, InsertionResult } from './insertion/insertion-types.ts';
export type { StreamingInsertion } from './insertion/streaming-insertion.ts';
export type { LineBreakRefusal } from './insertion/line-breaks.ts';
export type { AppRule } from './engine-inserter.ts';

export interface DictationHeadless {
  /** The voice commands applied to a dictation's text as it grows. */
  readonly commands: (options: CommandFilterOptions) => CommandFilter;
  /** The voice commands replayed on a recovered dictation (only those that shape text). */
  readonly recoveredCommands: (
    options: ConstructorParameters<typeof RecoveredCommands>[0],
  ) => RecoveredCommands;
  /** The commands that shape the text (the rest act on another application). */
  readonly textShaping: typeof TEXT_SHAPING;
  /** …and those that shape the dictation's own text when nothing else receives it (the box's set). */
  readonly ownTextShaping: typeof OWN_TEXT_SHAPING;
  /** A command named by its spoken form. */
  readonly spokenAs: typeof spokenAs;
  /** Why a command could not act on the dictation's own text, if it could not. */
  readonly ownTextNotice: typeof ownTextNotice;
  readonly insertModes: typeof INSERT_MODES;
  /** Captures the focused window now and inserts into it as the text grows. */
  readonly beginInsertion: (options: StreamingInsertionOptions) => Promise<StreamingInsertion>;
  /** What a line break becomes in the insertion's field ("new line" never submits), and the shaping. */
  readonly lineBreakOf: typeof lineBreakOf;
  readonly lineBreaks: (policy: LineBreak, say: (code: LineBreakRefusal) => void) => LineBreakShaper;
}

/** Dictation's headless factory. */
export function createDictationHeadless(): DictationHeadless {
  return {
    commands: (options) => new CommandFilter(options),
    recoveredCommands: (options) => new RecoveredCommands(options),
    textShaping: TEXT_SHAPING,
    ownTextShaping: OWN_TEXT_SHAPING,
    spokenAs,
    ownTextNotice,
    insertModes: INSERT_MODES,
    beginInsertion: (options) => StreamingInsertion.begin(options),
    lineBreakOf,
    lineBreaks: (policy, say) => new LineBreakShaper(policy, say),
  };
}
