/**
 * The second pair of eyes on a note section the clinician changed by hand (typed or dictated into it): the
 * section's new text is checked (main/core/checks, as dictation is) against the rest of the note as what was
 * said earlier and against its own text before the clinician first changed it. Only what the changes brought
 * is flagged (a flag the first text had too is the service's text, not the change's; a value changed back
 * is no change). The note written again is compared the same way with the version the service wrote before
 * (`rewritten`: only what the new version changed). Flags are shown, never acted on: the clinician keeps one
 * (it goes, and stays gone while the section is edited on), and a flag goes too once its section's text is
 * no longer the text checked.
 * What the audit trail is told: codes, kinds and section keys only, never text.
 */
import type { DictationFlag, Note, NoteFlag } from '../../../preload/contract/index.ts';
import {
  EDIT_FLAG_CODES,
  FLAG_KIND_OF,
  type FlagCode,
  type FlagKind,
} from '../../../preload/contract/text-check-codes.ts';
import { checkText } from '../../core/checks/check-text.ts';
import { named } from '../../core/checks/named-flags.ts';
import { sectionText } from './ehr-text.ts';
import type { NoteEvent } from './ports.ts';

/**
 * A section the clinician changed by hand, or the note written again changed: its text before (the service's
 * the clinician first changed, or the last version's: what the checks compare with), its text as last
 * checked, the flags open on it, the ids the clinician kept, and for a section written again the text the
 * service wrote (its own flags are not the change's) and the ids of the flags the new version raised.
 */
interface Edited {
  readonly origin: string;
  text: string;
  flags: DictationFlag[];
  readonly kept: Set<string>;
  readonly written?: string;
  readonly rewritten: Set<string>;
}

/** The open flags of the note's sections. */
export class NoteChecks {
  readonly #emit: (event: NoteEvent) => void;
  readonly #kinds: () => readonly FlagKind[];
  readonly #edited = new Map<string, Edited>();

  constructor(emit: (event: NoteEvent) => void, kinds: () => readonly FlagKind[]) {
    this.#emit = emit;
    this.#kinds = kinds;
  }

  /**
   * Section `key` of `note` was changed by hand from `before`: checks it against the section's text before
   * the first change (so a value changed back is not a change), shows what the changes brought.
   */
  edited(note: Note, key: string, before: string): void {
    const text = sectionTextOf(note, key);
    if (text === null) return;
    const last = this.#edited.get(key);
    // Changed since by something else (an instruction, undo): the text before this change is the origin.
    const fresh: Edited = { origin: before, text, flags: [], kept: new Set(), rewritten: new Set() };
    const entry = last && last.text === before ? last : fresh;
    if (last && entry !== last) for (const flag of last.flags) this.#resolved(key, flag, 'left');
    entry.text = text;
    this.#check(note, key, entry);
  }

  /**
   * The note was written again (`note`) over `previous`, the version the service wrote before: each section
   * of both whose text changed is compared with its text before as a correction is (a finding's polarity,
   * hyper- turned hypo-, a dose, unit, number or side: `EDIT_FLAG_CODES`); the new text's own flags are the
   * service's, not shown. The flags of the last version are left first.
   */
  rewritten(previous: Note, note: Note): void {
    this.flags(null);
    for (const { key } of note.sections) {
      const [before, text] = [sectionTextOf(previous, key), sectionTextOf(note, key)];
      if (before === null || text === null || before === text) continue;
      const entry: Edited = {
        origin: before,
        text,
        flags: [],
        kept: new Set(),
        written: text,
        rewritten: new Set(),
      };
      this.#check(note, key, entry, true);
    }
  }

  /** Checks `entry`'s text (section `key` of `note`) against its origin; shows and records what is new. */
  #check(note: Note, key: string, entry: Edited, rewrite = false): void {
    const earlier = note.sections
      .filter((s) => s.key !== key)
      .map((s) => sectionText(s.content))
      .join('\n');
    const service = entry.written === undefined ? [entry.origin] : [entry.origin, entry.written];
    const was = new Set(service.flatMap((t) => flagsOf(t, { earlier })).map((f) => f.id));
    const on = new Set(this.#kinds());
    const fresh = flagsOf(entry.text, { earlier, before: entry.origin }).filter(
      (f) =>
        !was.has(f.id) &&
        !entry.kept.has(f.id) &&
        on.has(FLAG_KIND_OF[f.code]) &&
        (!rewrite || (EDIT_FLAG_CODES as readonly FlagCode[]).includes(f.code)),
    );
    if (rewrite) for (const flag of fresh) entry.rewritten.add(flag.id);
    const open = new Set(entry.flags.map((f) => f.id));
    const now = new Set(fresh.map((f) => f.id));
    for (const flag of entry.flags) if (!now.has(flag.id)) this.#resolved(key, flag, 'left');
    for (const flag of fresh)
      if (!open.has(flag.id)) this.#emit({ kind: 'note_flag_shown', section: key, ...codes(flag) });
    entry.flags = fresh;
    this.#edited.set(key, entry);
  }

  /** The clinician keeps flag `id` of section `key` as written: it goes. False when there is no such flag. */
  keep(key: string, id: string): boolean {
    const entry = this.#edited.get(key);
    const flag = entry?.flags.find((f) => f.id === id);
    if (!entry || !flag) return false;
    entry.flags = entry.flags.filter((f) => f !== flag);
    entry.kept.add(id);
    this.#resolved(key, flag, 'kept');
    return true;
  }

  /** Open flag `id` of section `key`, if there is one. */
  open(key: string, id: string): DictationFlag | undefined {
    return this.#edited.get(key)?.flags.find((f) => f.id === id);
  }

  /** The clinician fixed flag `id` of section `key` (the edit that fixes it follows): it goes. */
  fixed(key: string, id: string): void {
    const entry = this.#edited.get(key);
    const flag = entry?.flags.find((f) => f.id === id);
    if (!entry || !flag) return;
    entry.flags = entry.flags.filter((f) => f !== flag);
    this.#resolved(key, flag, 'fixed');
  }

  /**
   * The open flags on `note` (null: there is none); a section changed since it was checked (an
   * instruction, undo, the note written again) is forgotten and its flags are left.
   */
  flags(note: Note | null): NoteFlag[] {
    for (const [key, entry] of this.#edited)
      if (!note || sectionTextOf(note, key) !== entry.text) {
        for (const flag of entry.flags) this.#resolved(key, flag, 'left');
        this.#edited.delete(key);
      }
    return [...this.#edited].flatMap(([section, { flags, rewritten }]) =>
      flags.map((f) => ({ ...f, section, ...(rewritten.has(f.id) ? { rewritten: true as const } : {}) })),
    );
  }

  #resolved(key: string, flag: DictationFlag, how: 'kept' | 'fixed' | 'left'): void {
    this.#emit({ kind: 'note_flag_resolved', section: key, ...codes(flag), how });
  }
}

/** A section's text as checked (subsections: titles and texts), null when the note has no such section. */
export function sectionTextOf(note: Note, key: string): string | null {
  const section = note.sections.find((s) => s.key === key);
  return section ? sectionText(section.content) : null;
}

const flagsOf = (text: string, context: Parameters<typeof checkText>[1]) =>
  named(
    text,
    checkText(text, context).flatMap((s) => s.flags),
    false,
  );

const codes = (flag: DictationFlag) => ({ check: FLAG_KIND_OF[flag.code], code: flag.code });
