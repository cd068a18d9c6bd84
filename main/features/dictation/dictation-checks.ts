/**
 * The second pair of eyes on one dictation (main/core/checks, the code `scribe check` and the note use): the
 * text as it is to land is checked against what was dictated earlier (doses and their error-prone forms, a
 * dose ten times one said earlier, sound-alike drug names, sides, findings), and each correction against the
 * text before it. Flags are shown, never acted on: the clinician keeps one (it goes) or fixes it (its fix,
 * flag-fixes.ts, replaces its words, through the same path as a correction of the service's; a flag without
 * one, a 10× dose or sides in conflict, has no Fix while dictating).
 */
import { escapeRegExp } from '../../base/escape-regexp.ts';
import type { DictationFlag } from '../../../preload/contract/index.ts';
import { FLAG_KIND_OF, type FlagKind } from '../../../preload/contract/text-check-codes.ts';
import { checkText } from '../../core/checks/check-text.ts';
import { named } from '../../core/checks/named-flags.ts';
import { cased } from '../../core/checks/flag-fixes.ts';
import { correctionCheck } from './commands/meaning-check.ts';

/** What the checks of one dictation read besides its text. */
export interface CheckSettings {
  /** What was dictated before this dictation in the same place, in order (may be empty). */
  readonly earlier: string;
  /** The kinds of check IT left on (policy `checks.*`). */
  readonly kinds: readonly FlagKind[];
}

/** A flag the clinician fixed: its words, what goes in their place, and the text before them then. */
interface Replacement {
  readonly id: string;
  readonly before: string;
  readonly from: string;
  readonly to: string;
  readonly soundAlike: boolean;
}

/**
 * `from` as a whole, at the sticky regex's lastIndex: not inside a longer word or number ("5.0" not in "15.0",
 * "U" not in "Units", ".5" not in "1.5").
 */
function wholly(from: string): RegExp {
  const edge = (c: string) => (/\p{L}/u.test(c) ? '\\p{L}' : /\p{N}/u.test(c) ? '\\p{N}.,' : '');
  const head = /^[.,]/.test(from) ? '\\p{N}' : edge(from.charAt(0));
  const tail = edge(from.charAt(from.length - 1));
  return new RegExp(`${head && `(?<![${head}])`}${escapeRegExp(from)}${tail && `(?![${tail}])`}`, 'iuy');
}

/** Whether `text` has `from` as a whole right after `before`. */
function at(text: string, before: string, from: string): boolean {
  if (!text.startsWith(before)) return false;
  const re = wholly(from);
  re.lastIndex = before.length;
  return re.test(text);
}

/** The checks of one dictation. */
export class DictationChecks {
  readonly #settings: CheckSettings;
  #text: DictationFlag[] = [];
  readonly #corrections: DictationFlag[] = [];
  readonly #kept = new Set<string>();
  readonly #replacements: Replacement[] = [];
  readonly #shown = new Set<string>();
  /** The text last checked (a Fix is made on it). */
  #checked = '';

  constructor(settings: CheckSettings) {
    this.#settings = settings;
  }

  /** The open flags: shown, neither kept nor fixed, of a kind IT left on. */
  get flags(): readonly DictationFlag[] {
    const on = new Set(this.#settings.kinds);
    return [...this.#corrections, ...this.#text].filter(
      (flag) => !this.#kept.has(flag.id) && on.has(FLAG_KIND_OF[flag.code]),
    );
  }

  /**
   * `text` with the clinician's fixes applied, each only where it was made: while the text still has the same
   * words before the flag's and the flag's words. A fix whose place is gone (the words were scratched or
   * changed) is dropped for good, and its flag can show again: never put into other words said later.
   */
  fixed(text: string): string {
    let out = text;
    for (const r of [...this.#replacements]) {
      if (!at(out, r.before, r.from)) {
        this.#replacements.splice(this.#replacements.indexOf(r), 1);
        this.#kept.delete(r.id);
        continue;
      }
      const words = out.slice(r.before.length, r.before.length + r.from.length);
      out =
        r.before + (r.soundAlike ? cased(r.to, words) : r.to) + out.slice(r.before.length + r.from.length);
    }
    return out;
  }

  /**
   * Checks the text as it is now (and, after a correction, against `before`); answers the flags not shown
   * before, for the overlay and the audit trail.
   */
  check(text: string, before?: string): DictationFlag[] {
    const flags = checkText(text, { earlier: this.#settings.earlier }).flatMap((s) => s.flags);
    const fixedNames = new Set(this.#replacements.filter((r) => r.soundAlike).map((r) => r.to.toLowerCase()));
    this.#checked = text;
    this.#text = named(
      text,
      flags.filter(
        (f) => f.code !== 'sound_alike' || !fixedNames.has(text.slice(f.start, f.end).toLowerCase()),
      ),
      false,
    );
    if (before !== undefined) this.#corrections.push(...correctionCheck(before, text));
    const fresh = this.flags.filter((flag) => !this.#shown.has(flag.id));
    for (const flag of fresh) this.#shown.add(flag.id);
    return fresh;
  }

  /** The clinician keeps `id` as said: it goes. False when there is no such open flag. */
  keep(id: string): DictationFlag | null {
    const flag = this.flags.find((f) => f.id === id) ?? null;
    if (flag) this.#kept.add(id);
    return flag;
  }

  /**
   * The clinician fixes `id`: its words are replaced by its fix (the next `fixed` applies it). Null, and
   * nothing recorded: no such open flag, one without a fix (a 10× dose, sides in conflict: the clinician keeps
   * it or says the change), or one whose words are no longer at its place in the text last checked.
   */
  fix(id: string): DictationFlag | null {
    const fix = this.flags.find((f) => f.id === id)?.fix;
    const before = fix && this.#checked.slice(0, fix.start);
    if (!fix || before === undefined || !at(this.#checked, before, fix.from)) return null;
    const flag = this.keep(id);
    if (flag) {
      const soundAlike = flag.code === 'sound_alike';
      this.#replacements.push({ id, before, from: fix.from, to: fix.to, soundAlike });
    }
    return flag;
  }
}
