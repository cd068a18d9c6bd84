/**
 * The second pair of eyes on one dictation (main/core/checks, the code `scribe check` and the note use): the
 * text as it is to land is checked against what was dictated earlier (doses and their error-prone forms, a
 * dose ten times one said earlier, sound-alike drug names, sides, findings), and each correction against the
 * text before it. Flags are shown, never acted on: the clinician keeps one (it goes) or fixes it (its fix,
 * flag-fixes.ts, replaces its words, through the same path as a correction of the service's; a flag without
 * one, a 10× dose or sides in conflict, has no Fix while dictating).
 */
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

/** A flag the clinician fixed: its words, what goes in their place, near where they were. */
interface Replacement {
  readonly from: string;
  readonly to: string;
  readonly near: number;
  readonly soundAlike: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `from` as a whole: not inside a longer word or number ("5.0" not in "15.0", "U" not in "Units"). */
function wholly(from: string): RegExp {
  const edge = (c: string) => (/\p{L}/u.test(c) ? '\\p{L}' : /\p{N}/u.test(c) ? '\\p{N}.,' : '');
  const [head, tail] = [edge(from.charAt(0)), edge(from.charAt(from.length - 1))];
  return new RegExp(`${head && `(?<![${head}])`}${escape(from)}${tail && `(?![${tail}])`}`, 'giu');
}

/** The checks of one dictation. */
export class DictationChecks {
  readonly #settings: CheckSettings;
  #text: DictationFlag[] = [];
  readonly #corrections: DictationFlag[] = [];
  readonly #kept = new Set<string>();
  readonly #replacements: Replacement[] = [];
  readonly #shown = new Set<string>();

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

  /** `text` with the clinician's fixes applied (each flag's words replaced at the place nearest where they were). */
  fixed(text: string): string {
    let out = text;
    for (const { from, to, near, soundAlike } of this.#replacements) {
      const places = [...out.matchAll(wholly(from))];
      const place = places.sort((a, b) => Math.abs(a.index - near) - Math.abs(b.index - near))[0];
      const put = place && (soundAlike ? cased(to, place[0]) : to);
      if (place) out = out.slice(0, place.index) + put + out.slice(place.index + from.length);
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
   * The clinician fixes `id`: its words are replaced by its fix (the next `fixed` applies it). Null: no such
   * open flag, or one without a fix (a 10× dose, sides in conflict: the clinician keeps it or says the change).
   */
  fix(id: string): DictationFlag | null {
    const fix = this.flags.find((f) => f.id === id)?.fix;
    const flag = fix ? this.keep(id) : null;
    if (flag && fix) {
      const soundAlike = flag.code === 'sound_alike';
      this.#replacements.push({ from: fix.from, to: fix.to, near: fix.start, soundAlike });
    }
    return flag;
  }
}
