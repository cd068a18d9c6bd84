/**
 * The second pair of eyes on a note section the clinician changed by hand (typed or dictated into it): the
 * section's new text is checked (main/core/checks, as dictation is) against the rest of the note as what was
 * said earlier and against its own text before the change. Only what the change brought is flagged (a flag
 * the old text had too is the service's text, not the change's). Flags are shown, never acted on: the
 * clinician keeps one (it goes), and a flag goes too once its section's text is no longer the text checked.
 * What the audit trail is told: codes, kinds and section keys only, never text.
 */
import type { DictationFlag, Note, NoteFlag } from '../../../preload/contract/index.ts';
import { FLAG_KIND_OF, type FlagKind } from '../../../preload/contract/text-check-codes.ts';
import { checkText } from '../../core/checks/check-text.ts';
import { named } from '../../core/checks/named-flags.ts';
import { sectionText } from './ehr-text.ts';
import type { NoteEvent } from './ports.ts';

/** The flags of one section, and the text they were raised on. */
interface Checked {
  readonly text: string;
  flags: DictationFlag[];
}

/** The open flags of the note's sections. */
export class NoteChecks {
  readonly #emit: (event: NoteEvent) => void;
  readonly #kinds: () => readonly FlagKind[];
  readonly #open = new Map<string, Checked>();

  constructor(emit: (event: NoteEvent) => void, kinds: () => readonly FlagKind[]) {
    this.#emit = emit;
    this.#kinds = kinds;
  }

  /** Section `key` of `note` was changed by hand from `before`: checks it, shows what the change brought. */
  edited(note: Note, key: string, before: string): void {
    const text = sectionTextOf(note, key);
    if (text === null) return;
    const earlier = note.sections
      .filter((s) => s.key !== key)
      .map((s) => sectionText(s.content))
      .join('\n');
    const was = new Set(flagsOf(before, { earlier }).map((f) => f.id));
    const on = new Set(this.#kinds());
    const fresh = flagsOf(text, { earlier, before }).filter(
      (f) => !was.has(f.id) && on.has(FLAG_KIND_OF[f.code]),
    );
    this.#leave(key);
    if (fresh.length === 0) return;
    this.#open.set(key, { text, flags: fresh });
    for (const flag of fresh) this.#emit({ kind: 'note_flag_shown', section: key, ...codes(flag) });
  }

  /** The clinician keeps flag `id` of section `key` as written: it goes. False when there is no such flag. */
  keep(key: string, id: string): boolean {
    const checked = this.#open.get(key);
    const flag = checked?.flags.find((f) => f.id === id);
    if (!checked || !flag) return false;
    checked.flags = checked.flags.filter((f) => f !== flag);
    if (checked.flags.length === 0) this.#open.delete(key);
    this.#emit({ kind: 'note_flag_resolved', section: key, ...codes(flag), how: 'kept' });
    return true;
  }

  /** The open flags on `note` (null: there is none); a flag whose section changed since is left. */
  flags(note: Note | null): NoteFlag[] {
    for (const [key, checked] of this.#open)
      if (!note || sectionTextOf(note, key) !== checked.text) this.#leave(key);
    return [...this.#open].flatMap(([section, { flags }]) => flags.map((f) => ({ ...f, section })));
  }

  #leave(key: string): void {
    for (const flag of this.#open.get(key)?.flags ?? [])
      this.#emit({ kind: 'note_flag_resolved', section: key, ...codes(flag), how: 'left' });
    this.#open.delete(key);
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
