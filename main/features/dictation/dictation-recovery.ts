/**
 * Dictations a crash, a forced quit or a failure left unfinished: their audio is in the journal until the
 * service turned it into text. The dictation box offers them; recovering sends the kept audio again and
 * puts the complete text in the box (never straight into another application: the person decides where).
 * Voice commands in it are followed as far as they shape the text (commands/recovered-commands.ts).
 */
import { resendRecovered, type RecoveryConnection } from '../../core/journal/recovery.ts';
import type { JournalStore } from '../../core/journal/journal-store.ts';
import { RecoveredCommands, type RecoveredText } from './commands/recovered-commands.ts';
import type { DictationText } from './ports.ts';

/** One unfinished dictation (ids and times only). */
export interface RecoverableDictation {
  id: string;
  startedAt: number;
  stale: boolean;
}

/** Lists, recovers and discards unfinished dictations. */
export class DictationRecovery {
  readonly #journals: JournalStore;
  readonly #connection: () => RecoveryConnection;
  readonly #commands: () => boolean;

  readonly #texts: () => readonly DictationText[];

  /**
   * `commands`: whether voice commands are on now (the setting, or IT's policy); `texts`: the clinician's
   * Texts now, which "insert ‹name›" in the recovered words inserts.
   */
  constructor(
    journals: JournalStore,
    connection: () => RecoveryConnection,
    commands: () => boolean,
    texts: () => readonly DictationText[] = () => [],
  ) {
    this.#journals = journals;
    this.#connection = connection;
    this.#commands = commands;
    this.#texts = texts;
  }

  /** Unfinished dictations, without those a running session still writes (`scribe dictate` beside the app). */
  async list(): Promise<RecoverableDictation[]> {
    const all = (await this.#journals.listRecoverable()).filter((j) => j.session === 'dictate');
    const inUse = await Promise.all(all.map((j) => this.#journals.inUse(j.id)));
    return all.filter((_, i) => !inUse[i]).map((j) => ({ id: j.id, startedAt: j.createdAt, stale: j.stale }));
  }

  /**
   * Sends the kept audio again; returns the whole dictated text, text-shaping commands applied, and the
   * commands not replayed (they would act on another application). The journal goes once it is back.
   */
  async recover(id: string): Promise<RecoveredText> {
    await this.#known(id);
    const recovered = await this.#journals.recover(id);
    const commands = new RecoveredCommands({ enabled: this.#commands(), texts: this.#texts() });
    const result = await resendRecovered(recovered, this.#connection(), {
      journals: this.#journals,
      onDictatedText: (text, locale) => commands.update(text, locale),
    });
    return commands.result(result.kind === 'dictate' ? result.text : '');
  }

  /** Shreds one the clinician chose not to recover. */
  async forget(id: string): Promise<void> {
    await this.#known(id);
    await this.#journals.shred(id);
  }

  /**
   * Claims a listed journal before it is sent again or shredded. A journal another process still writes
   * is refused: sent again its audio would go out twice, shredded its session would lose it.
   */
  async #known(id: string): Promise<void> {
    const entry = (await this.list()).find((j) => j.id === id);
    if (!entry) throw new Error('unknown dictation journal');
    if ((await this.#journals.inUse(id)) || !(await this.#journals.claim(id)))
      throw new Error('journal in use by another program');
  }
}
