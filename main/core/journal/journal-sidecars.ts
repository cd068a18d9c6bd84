/**
 * The clear-text sidecar of each journal (`<id>.meta.json`, 0600, written durably): only ids, kind, status
 * and times, so listing does not need to decrypt a visit. No patient data ever goes there. Journals are
 * listed by their files: a sidecar that is missing or unreadable is rebuilt from the journal's first record,
 * so it never hides a visit (nor leaves its key behind).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { decodeKey } from '../../base/secrets/aes-gcm.ts';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import { FILE_MODE } from './journal.ts';
import type { JournalFs } from './journal-fs.ts';
import { openRecord, readRecordAt, readRecords, type JsonRecord } from './journal-records.ts';

/** An unfinished journal a person must decide about (resume, send again, or discard). */
export interface RecoverableJournal {
  id: string;
  session: 'transcribe' | 'dictate';
  createdAt: number;
  /** Older than the retention period: kept because it is unfinished, but worth a reminder. */
  stale: boolean;
}

export const JOURNAL_SUFFIX = '.journal';
const SIDECAR_SUFFIX = '.meta.json';

const SidecarSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  session: z.enum(['transcribe', 'dictate']),
  status: z.enum(['active', 'finished']),
  createdAt: z.number(),
  updatedAt: z.number(),
  /**
   * An app's visit: once ended it is offered again by a later run until a new visit or a discard supersedes
   * it (never a CLI session's, which printed its transcript; absent from a rebuilt sidecar, so not offered).
   */
  offerEnded: z.literal(true).optional(),
  /** Whose journal it is (journal-owner.ts: a hash of the clinician's ids, no name), when one was signed in. */
  owner: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});
export type Sidecar = z.infer<typeof SidecarSchema>;
export type SessionKind = Sidecar['session'];

/** The keychain account of a journal's key. */
export function journalKeyAccount(id: string): string {
  return `journal.${id}`;
}

/** The sidecars of one journals folder. */
export class Sidecars {
  constructor(
    private readonly dir: string,
    private readonly fs: JournalFs,
    private readonly secrets: SecretStore,
  ) {}

  path(id: string): string {
    return join(this.dir, `${id}${SIDECAR_SUFFIX}`);
  }

  /** One sidecar per journal file; a missing or unreadable one is rebuilt from the journal itself. */
  async list(): Promise<Sidecar[]> {
    const names = await this.fs.readdir(this.dir).catch(() => [] as string[]);
    const metas: Sidecar[] = [];
    for (const name of names.filter((n) => n.endsWith(JOURNAL_SUFFIX))) {
      const id = name.slice(0, -JOURNAL_SUFFIX.length);
      if (!z.uuid().safeParse(id).success) continue;
      const meta = (await this.#read(id)) ?? (await this.#rebuild(id));
      if (meta) metas.push(meta);
    }
    return metas;
  }

  async #read(id: string): Promise<Sidecar | undefined> {
    const raw = await this.fs.readFile(this.path(id)).catch(() => undefined);
    if (!raw) return undefined;
    try {
      const parsed = SidecarSchema.safeParse(JSON.parse(raw.toString('utf8')));
      return parsed.success && parsed.data.id === id ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The sidecar as the journal's first record (its config) describes it, finished if it ends with a finish
   * record, written back. Undefined when the journal cannot be read at all (no key, or not even its first
   * record): nothing to offer.
   */
  async #rebuild(id: string): Promise<Sidecar | undefined> {
    try {
      const text = await this.secrets.get(journalKeyAccount(id));
      const key = text === undefined ? undefined : decodeKey(text);
      if (!key) return undefined;
      const reader = await this.fs.openRead(join(this.dir, `${id}${JOURNAL_SUFFIX}`));
      let config: JsonRecord | undefined;
      let finished = false;
      try {
        const first = await readRecordAt(reader, 0);
        const record = first && openRecord(key, id, 0, first.sealed);
        if (record?.kind === 'config') config = record;
        // A finished journal is not offered for recovery: its end says so (read only on this rare path).
        if (config) for await (const r of readRecords(reader, key, id)) finished ||= r.kind === 'finish';
      } finally {
        await reader.close();
      }
      if (config?.kind !== 'config') return undefined;
      const { mtimeMs } = await this.fs.stat(join(this.dir, `${id}${JOURNAL_SUFFIX}`));
      const meta: Sidecar = {
        v: 1,
        id,
        session: config.session,
        status: finished ? 'finished' : 'active',
        createdAt: config.createdAt,
        updatedAt: Math.max(config.createdAt, mtimeMs),
        ...(config.owner ? { owner: config.owner } : {}),
      };
      await this.write(meta).catch(() => undefined);
      return meta;
    } catch {
      return undefined;
    }
  }

  /** Sidecars without a journal file. */
  async orphans(): Promise<string[]> {
    const names = new Set(await this.fs.readdir(this.dir).catch(() => [] as string[]));
    return [...names]
      .filter((n) => n.endsWith(SIDECAR_SUFFIX))
      .map((n) => n.slice(0, -SIDECAR_SUFFIX.length))
      .filter((id) => z.uuid().safeParse(id).success && !names.has(`${id}${JOURNAL_SUFFIX}`));
  }

  write(meta: Sidecar): Promise<void> {
    return this.fs.writeFileAtomic(this.path(meta.id), JSON.stringify(meta), FILE_MODE);
  }
}
