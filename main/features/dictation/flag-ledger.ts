/**
 * What the dictation checks need beyond one dictation, and what the audit trail is told of their flags:
 * the text dictated earlier into the same place within the hour, and under the same encounter (the visit and
 * the appointment on screen: another patient's text is never "earlier", whatever application it went to), and for each flag that it was shown and how it was resolved (kept, fixed, or left when
 * the next dictation replaced it). Codes and kinds only: no text of a flag ever reaches an event.
 */
import type { DictationFlag } from '../../../preload/contract/index.ts';
import { FLAG_KIND_OF, FLAG_KINDS, type FlagKind } from '../../../preload/contract/text-check-codes.ts';
import type { CheckSettings } from './dictation-checks.ts';
import type { DictationEvent } from './ports.ts';

/** How long a dictation counts as "earlier" for the next one into the same place. */
const EARLIER_MS = 60 * 60_000;
/** The most of earlier text read (the checks' cost grows with it). */
const EARLIER_MAX_CHARS = 20_000;

/** How the clinician resolved a flag. */
type FlagResolution = 'kept' | 'fixed' | 'edited' | 'left';
/** What the clinician did to a flag (the box's Edit: selected its words for them to change). */
export type FlagAction = 'keep' | 'fix' | 'edit';
const RESOLUTION = { keep: 'kept', fix: 'fixed', edit: 'edited' } as const;

/** The dictation box's place name in events (whereOf's). */
const BOX_PLACE = 'dictation box';

/** `flag` of the box's text after `fix` was made in it: a flag after the fix's words moves with the text. */
function movedBy(flag: DictationFlag, fix: NonNullable<DictationFlag['fix']>): DictationFlag {
  const by = fix.to.length - fix.from.length;
  if (by === 0 || flag.start < fix.end) return flag;
  const moved = { ...flag, start: flag.start + by, end: flag.end + by };
  return flag.fix
    ? { ...moved, fix: { ...flag.fix, start: flag.fix.start + by, end: flag.fix.end + by } }
    : moved;
}

/** Earlier dictations by place, and the flags' events. */
export class FlagLedger {
  readonly #now: () => number;
  readonly #emit: (event: DictationEvent) => void;
  readonly #encounter: () => string | null;
  #dictated: { where: string; text: string; at: number; encounter: string | null }[] = [];
  /** Where the running dictation's text goes (its flags' events say it). */
  #live: string = BOX_PLACE;
  /** The open flags of the last finished dictation (the box shows them) and where its text went. */
  #open: { where: string; flags: DictationFlag[] } = { where: BOX_PLACE, flags: [] };

  /** `encounter`: the visit and patient on screen, as a key (no patient data); absent: one for all. */
  constructor(
    emit: (event: DictationEvent) => void,
    encounter: () => string | null = () => null,
    now: () => number = Date.now,
  ) {
    this.#emit = emit;
    this.#encounter = encounter;
    this.#now = now;
  }

  /** What the checks of a dictation into `where` (null: the box) read: the text earlier, the kinds on. */
  settings(where: string | null, kinds: readonly FlagKind[] = FLAG_KINDS): CheckSettings {
    return { earlier: this.#earlier(where), kinds };
  }

  /** The text dictated into `where` within the hour under the encounter on screen now, oldest first. */
  #earlier(where: string | null): string {
    const since = this.#now() - EARLIER_MS;
    const encounter = this.#encounter();
    this.#dictated = this.#dictated.filter((d) => d.at >= since);
    const text = this.#dictated
      .filter((d) => d.where === (where ?? BOX_PLACE) && d.encounter === encounter)
      .map((d) => d.text)
      .join('\n');
    return text.slice(-EARLIER_MAX_CHARS);
  }

  /**
   * A dictation ended with `text` in `where`, its `flags` still open: answers them as the box shows them, each
   * with its words (the box acts on a flag only where its words still are).
   */
  finished(where: string, text: string, flags: readonly DictationFlag[]): readonly DictationFlag[] {
    this.leave();
    if (text.trim() !== '')
      this.#dictated.push({ where, text, at: this.#now(), encounter: this.#encounter() });
    this.#open = { where, flags: flags.map((f) => ({ ...f, words: text.slice(f.start, f.end) })) };
    return this.#open.flags;
  }

  /**
   * The clinician kept or fixed flag `id`: `live` when the running dictation had it, else the finished one's
   * (the box's). Answers the finished dictation's flags still open.
   */
  resolve(id: string, how: FlagAction, live: DictationFlag | null): readonly DictationFlag[] {
    const resolution = RESOLUTION[how];
    const boxed = live ? undefined : this.#open.flags.find((f) => f.id === id);
    if (live) this.#resolved([live], this.#live, resolution);
    if (boxed) this.#resolved([boxed], this.#open.where, resolution);
    const rest = this.#open.flags.filter((f) => f !== boxed);
    const fix = how === 'fix' ? boxed?.fix : undefined;
    this.#open = { ...this.#open, flags: fix ? rest.map((f) => movedBy(f, fix)) : rest };
    return this.#open.flags;
  }

  /** The box's text was replaced (a new dictation, an insert or a copy): its open flags are left as they are. */
  leave(): void {
    this.#resolved(this.#open.flags, this.#open.where, 'left');
    this.#open = { ...this.#open, flags: [] };
  }

  /** Flags shown to the clinician for text going into `where` (null: the box). */
  shown(flags: readonly DictationFlag[], where: string | null): void {
    this.#live = where ?? BOX_PLACE;
    for (const flag of flags)
      this.#emit({
        kind: 'dictation_flag_shown',
        into: where ?? BOX_PLACE,
        check: FLAG_KIND_OF[flag.code],
        code: flag.code,
      });
  }

  #resolved(flags: readonly DictationFlag[], where: string, how: FlagResolution): void {
    for (const flag of flags)
      this.#emit({
        kind: 'dictation_flag_resolved',
        into: where,
        check: FLAG_KIND_OF[flag.code],
        code: flag.code,
        how,
      });
  }
}
