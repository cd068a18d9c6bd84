/**
 * The note's linked evidence on the Note screen: each sentence's supporting transcript lines and its marks,
 * asked of main (`note:evidence`) for the note revision on screen with the visit's final lines. Marks are the
 * window's alone: nothing in the note changes, a dismissed mark is forgotten with the revision, and the copy
 * to the EHR (made in main from the note) never carries them.
 */
import type {
  EvidenceMark,
  Note,
  NoteEvidence,
  SentenceEvidence,
  TranscriptItem,
} from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';
import { EvidencePlayer } from './evidence-player.svelte.ts';

/** A sentence's place: its passage's key and where it starts. */
export const sentenceId = (key: string, sentence: SentenceEvidence) => `${key}@${sentence.start}`;
const markId = (key: string, mark: EvidenceMark) => `${key}@${mark.start}:${mark.code}`;

/** Evidence for the Note screen. */
export class EvidenceStore {
  #evidence = $state.raw<NoteEvidence | null>(null);
  #dismissed = $state.raw<readonly string[]>([]);
  #selected = $state<string | null>(null);
  /** Plays the selected sentence's lines. */
  readonly player = new EvidencePlayer();

  /** Links the note to the visit's final lines (again when either changed). */
  async load(note: Note, items: readonly TranscriptItem[]): Promise<void> {
    const finals = items
      .filter((i) => i.final && i.text.trim() !== '')
      .map((i) => ({ id: i.id, text: i.text }));
    const answer = await settle(() => scribe().noteEvidence({ revision: note.revision, items: finals }));
    if (!answer.ok || answer.data.revision !== note.revision) return;
    if (this.#evidence?.revision !== note.revision) {
      this.#dismissed = [];
      this.player.stop();
    }
    this.#evidence = answer.data;
  }

  /** The note is in another language than the visit: nothing is linked (said once on the screen). */
  get otherLanguage(): boolean {
    return this.#evidence?.otherLanguage === true;
  }

  /** Plays the audio of a sentence's lines (the ones shown for it). */
  play(sentence: SentenceEvidence): void {
    if (this.#evidence && sentence.support.length > 0)
      void this.player.play(this.#evidence.revision, sentence.support);
  }

  /** The sentences of a passage (a section's key, or `KEY/subsection-id`). */
  sentences(key: string): readonly SentenceEvidence[] {
    return this.#evidence?.passages.find((p) => p.key === key)?.sentences ?? [];
  }

  /** A sentence's marks the clinician has not dismissed. */
  marks(key: string, sentence: SentenceEvidence): EvidenceMark[] {
    return sentence.marks.filter((m) => !this.#dismissed.includes(markId(key, m)));
  }

  dismiss(key: string, mark: EvidenceMark): void {
    this.#dismissed = [...this.#dismissed, markId(key, mark)];
  }

  get selected(): string | null {
    return this.#selected;
  }

  /** Selects a sentence to show its lines, or closes it when it was selected. */
  select(id: string): void {
    this.player.stop();
    this.#selected = this.#selected === id ? null : id;
  }
}
