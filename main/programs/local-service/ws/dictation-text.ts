/**
 * Dictation output with EXPLICIT punctuation: spoken punctuation words become marks, each unit carries
 * its own leading space (the client appends units as-is), and scripted mishearings are corrected later by
 * an ASYNC_CORRECTION whose suffix is exactly the tail of what was sent.
 */

/** Spoken words and what they become, longest first so "new paragraph" wins over a lone "new". */
const SPOKEN_MARKS: ReadonlyArray<readonly [string[], string]> = [
  [['new', 'paragraph'], '\n\n'],
  [['new', 'line'], '\n'],
  [['comma'], ','],
  [['period'], '.'],
];

/** Formats one unit of spoken words so that `before + unit` reads correctly. */
export function formatDictation(spoken: string, before: string): string {
  const words = spoken.split(/\s+/).filter((w) => w.length > 0);
  let out = '';
  for (let i = 0; i < words.length;) {
    const mark = SPOKEN_MARKS.find(([seq]) => seq.every((w, k) => words[i + k]?.toLowerCase() === w));
    if (mark) {
      out = mark[1].startsWith('\n') ? out.trimEnd() + mark[1] : out + mark[1];
      i += mark[0].length;
      continue;
    }
    const text = before + out;
    const word = words[i]!;
    const sentenceStart = /(^|[.!?]\s*|\n\s*)$/.test(text);
    const space = text.length > 0 && !/\s$/.test(text) ? ' ' : '';
    out += space + (sentenceStart ? word.charAt(0).toUpperCase() + word.slice(1) : word);
    i++;
  }
  return out;
}

/** The text before the cursor described by a CONFIG's text_field_context. */
export function textBeforeCursor(ctx: { text: string; selection_start: number } | undefined): string {
  return ctx === undefined ? '' : ctx.text.slice(0, ctx.selection_start);
}

/** A correction waiting to be sent: where the misheard unit starts in the dictation, and both forms. */
interface PendingCorrection {
  at: number;
  heard: string;
  corrected: string;
}

/** The frames a dictation writer produces. */
export type DictationFrame =
  { type: 'DICTATED_TEXT'; text: string } | { type: 'ASYNC_CORRECTION'; suffix: string; replacement: string };

/**
 * Tracks the dictation as the client will have it (context before the cursor + every unit sent + every
 * correction applied), so a correction is only ever sent when its suffix matches what was sent.
 */
export class DictationWriter {
  private text: string;
  private readonly pending: PendingCorrection[] = [];

  constructor(before: string) {
    this.text = before;
  }

  /**
   * Formats a final unit. When `firstPass` is given, the misheard form is what is sent now, and a
   * correction becomes pending (returned by `takeCorrection`); without corrections enabled it stays.
   */
  write(spoken: string, firstPass: string | undefined, correct: boolean): DictationFrame {
    const unit = formatDictation(firstPass ?? spoken, this.text);
    if (firstPass !== undefined && correct) {
      const corrected = formatDictation(spoken, this.text);
      if (corrected !== unit) this.pending.push({ at: this.text.length, heard: unit, corrected });
    }
    this.text += unit;
    return { type: 'DICTATED_TEXT', text: unit };
  }

  /** The oldest pending correction as a frame, applied to the tracked text; undefined when none is due. */
  takeCorrection(): DictationFrame | undefined {
    const next = this.pending.shift();
    if (!next || this.text.slice(next.at, next.at + next.heard.length) !== next.heard) return undefined;
    // Start the suffix at the first differing word, so it is short, like a real correction.
    let common = 0;
    while (common < next.heard.length && next.heard[common] === next.corrected[common]) common++;
    const wordStart = next.heard.lastIndexOf(' ', common - 1) + 1;
    const from = next.at + (common === 0 ? 0 : wordStart);
    const suffix = this.text.slice(from);
    const replacement = next.corrected.slice(from - next.at) + this.text.slice(next.at + next.heard.length);
    const delta = replacement.length - suffix.length;
    this.text = this.text.slice(0, from) + replacement;
    for (const p of this.pending) if (p.at > from) p.at += delta;
    return { type: 'ASYNC_CORRECTION', suffix, replacement };
  }

  get pendingCount(): number {
    return this.pending.length;
  }
}
