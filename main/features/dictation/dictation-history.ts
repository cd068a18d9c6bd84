/**
 * History of recent dictations: re-insert, copy, delete. It holds patient text, so:
 * - by default (retention 0) it lives in memory for this app session only and is never written;
 * - with a retention set by the clinician or policy (1–168 h) it is kept on disk encrypted at rest like the
 *   tokens and journals (AES-256-GCM, key in the OS keychain, through TokenVault under its own name and key:
 *   deleting the key makes any copy of the file useless), and entries older than the retention go;
 * - retention set back to 0 shreds the file and its key.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import { TokenVault } from '../../base/secrets/token-vault.ts';
import { vaultDirs } from '../../core/config/paths.ts';
import { DictationFlagSchema, type DictationFlag } from '../../../preload/contract/index.ts';

/** One past dictation. */
export interface HistoryEntry {
  readonly id: string;
  /** Wall-clock ms when it ended. */
  readonly at: number;
  readonly text: string;
  /** Where it went: the application's name, "copied", "dictation box" or "failed". */
  readonly where: string;
  /** The checks' flags on it, as the clinician left them (kept, encrypted, with the text). */
  readonly flags?: DictationFlag[];
  /**
   * The journal that keeps its audio, while the dictation failed or was cut short: the kept audio can be
   * sent again for the whole text (an id, no patient data).
   */
  readonly journalId?: string;
}

const entriesSchema = z.array(
  z
    .object({
      id: z.string(),
      at: z.number(),
      text: z.string(),
      where: z.string(),
      // Flags of an older version (the words a correction changed) are not read: the text is.
      flags: z.array(DictationFlagSchema).optional().catch(undefined),
      journalId: z.string().optional(),
    })
    .loose(),
);

/** Most entries kept, whatever the retention. */
const HISTORY_MAX_ENTRIES = 200;
const HOUR_MS = 3_600_000;

/** Options of {@link DictationHistory}. */
export interface DictationHistoryOptions {
  /** Null keeps history in memory only (no keychain, or tests). */
  readonly secrets: SecretStore | null;
  readonly dataDir: string;
  readonly retentionHours: () => number;
  readonly now?: () => number;
}

/** The history store. Writes are serialized by the vault. */
export class DictationHistory {
  readonly #o: DictationHistoryOptions;
  readonly #vault: TokenVault | null;
  readonly #now: () => number;
  #entries: HistoryEntry[] = [];

  constructor(options: DictationHistoryOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#vault = options.secrets
      ? new TokenVault({ store: options.secrets, ...vaultDirs(options.dataDir), name: 'dictation-history' })
      : null;
  }

  /** Loads what the retention allows; with retention 0 shreds whatever an earlier setting left. */
  async load(): Promise<void> {
    if (!this.#vault) return;
    if (this.#o.retentionHours() === 0) {
      await this.#vault.clear().catch(() => undefined);
      return;
    }
    const loaded = await this.#vault.load();
    const raw = loaded.bundle?.entries;
    if (typeof raw !== 'string') return;
    const parsed = entriesSchema.safeParse(safeJson(raw));
    if (parsed.success) this.#entries = this.#prune([...parsed.data, ...this.#entries]);
  }

  /** Newest first. */
  list(): readonly HistoryEntry[] {
    this.#entries = this.#prune(this.#entries);
    return [...this.#entries];
  }

  get(id: string): HistoryEntry | undefined {
    return this.#entries.find((e) => e.id === id);
  }

  /** Adds a dictation; one with no text is kept only while its audio is (it can be sent again). */
  async add(
    text: string,
    where: string,
    flags: readonly DictationFlag[] = [],
    journalId?: string,
  ): Promise<HistoryEntry | null> {
    if (text.trim() === '' && !journalId) return null;
    const entry: HistoryEntry = {
      id: randomUUID(),
      at: this.#now(),
      text,
      where,
      ...(flags.length > 0 ? { flags: flags.map((f) => ({ ...f, facts: { ...f.facts } })) } : {}),
      ...(journalId ? { journalId } : {}),
    };
    this.#entries = this.#prune([entry, ...this.#entries]);
    await this.#persist();
    return entry;
  }

  /** The entry whose audio that journal keeps. */
  byJournal(journalId: string): HistoryEntry | undefined {
    return this.#entries.find((e) => e.journalId === journalId);
  }

  /** Its kept audio was sent again: the whole text replaces what was received, and the audio is gone. */
  async completed(id: string, text: string): Promise<void> {
    this.#entries = this.#entries.map((e) =>
      e.id === id ? { id: e.id, at: e.at, text, where: 'recovered' } : e,
    );
    await this.#persist();
  }

  async remove(id: string): Promise<boolean> {
    const before = this.#entries.length;
    this.#entries = this.#entries.filter((e) => e.id !== id);
    await this.#persist();
    return this.#entries.length < before;
  }

  /**
   * The retention changed (Settings or policy): what it no longer allows goes now, on disk too — set back to
   * 0, the file and its key are shredded at once, not at the next dictation or start.
   */
  async retentionChanged(): Promise<void> {
    this.#entries = this.#prune(this.#entries);
    await this.#persist();
  }

  async clear(): Promise<void> {
    this.#entries = [];
    await this.#vault?.clear();
  }

  #prune(entries: HistoryEntry[]): HistoryEntry[] {
    const hours = this.#o.retentionHours();
    const sorted = [...entries].sort((a, b) => b.at - a.at);
    // Retention 0 is "this session only": nothing is dropped by age while the app runs.
    const kept = hours === 0 ? sorted : sorted.filter((e) => this.#now() - e.at <= hours * HOUR_MS);
    return kept.slice(0, HISTORY_MAX_ENTRIES);
  }

  async #persist(): Promise<void> {
    if (!this.#vault) return;
    if (this.#o.retentionHours() === 0 || this.#entries.length === 0) {
      await this.#vault.clear().catch(() => undefined);
      return;
    }
    await this.#vault.save({ entries: JSON.stringify(this.#entries) });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
