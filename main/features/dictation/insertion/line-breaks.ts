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
