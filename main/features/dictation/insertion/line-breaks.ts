/**
 * "New line never submits": a Return typed into a one-line field sends a form or a chat message. What a
 * dictated line break ("new line", "new paragraph", or a break the service made) becomes in the field:
 * - the field can be read and is one line: refused (said on the overlay; a space stands in its place);
 * - IT's rule for the application says so (dictationAppRules' `lineBreak`): Return, Shift+Return, refused;
 * - the field can be read and takes lines: Return;
 * - nothing is known: refused, the safe choice (IT allows line breaks per application).
 */
import type { LineBreakRule } from './insertion-types.ts';

/** What a line break becomes in one dictation's field. */
export type LineBreak = 'return' | 'shift-return' | 'refused-single-line' | 'refused-by-rule';

/** Decides it from what the field says of itself (`multiLine`, where readable) and the application's rule. */
export function lineBreakFor(multiLine: boolean | undefined, rule: LineBreakRule | undefined): LineBreak {
  if (multiLine === false) return 'refused-single-line';
  if (rule === 'return' || rule === 'shift-return') return rule;
  if (rule === undefined && multiLine === true) return 'return';
  return 'refused-by-rule';
}

/**
 * The text as it goes into a field whose line breaks are refused: each run of breaks (with the spaces
 * around it) becomes one space, none at the start. `refused`: how many runs were taken out.
 */
export function withoutLineBreaks(text: string): { text: string; refused: number } {
  let refused = 0;
  const out = text.replace(/[ \t]*(?:\r?\n)+[ \t]*/g, (_match, offset: number) => {
    refused++;
    return offset === 0 ? '' : ' ';
  });
  return { text: out, refused };
}

/** What is said when a line break is refused: the field is one line, or the application's rule says so. */
export type LineBreakRefusal = 'line_break_single_line' | 'line_break_refused';

/**
 * A dictation's text shaped for its field: where line breaks are refused, each becomes a space, and each
 * break refused is said once (the app's overlay, the CLI's stderr).
 */
export class LineBreakShaper {
  #refused = 0;

  constructor(
    private readonly policy: LineBreak,
    private readonly say: (code: LineBreakRefusal) => void,
  ) {}

  shape(text: string): string {
    if (this.policy !== 'refused-single-line' && this.policy !== 'refused-by-rule') return text;
    const { text: kept, refused } = withoutLineBreaks(text);
    if (refused > this.#refused)
      this.say(this.policy === 'refused-single-line' ? 'line_break_single_line' : 'line_break_refused');
    this.#refused = refused;
    return kept;
  }
}
