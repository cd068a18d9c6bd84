/**
 * IT's vocabulary list (policy `dictationVocabularyFile`): words said one way and written another, kept in
 * each signed-in clinician's dictation text replacements in the service. The service has no custom
 * vocabulary of its own, so a word with no spoken form is left out, and named.
 *
 * Files read: a Dragon word list (`.txt`, one item per line, `written\spoken`, as Dragon's word lists and
 * vocabulary exports write an item with a spoken form), a CSV with `said` and `written` columns, or our JSON
 * (`{version: 1, words: [{said, written}]}`). The sync makes the service match the file: an item missing is
 * created, one written otherwise is updated (IT's wins over a clinician's replacement of the same words),
 * and one this computer's syncs made IT's that IT has since dropped is deleted, or given back as the clinician
 * had it when IT's word took it over. What the syncs made IT's is remembered by id, per account
 * (`vocabulary-accounts/`), so a clinician's own replacements are never deleted by it. Items left out of the
 * file are worked out (`parseVocabulary`) but not shown anywhere yet.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../base/files/atomic-file.ts';
import { csvTable, decodeText } from '../../base/files/text-files.ts';
import type { Replacement } from '../../../preload/contract/index.ts';
import type { ReplacementStore } from '../connection/ports.ts';

/** One of IT's words. */
export interface Word {
  readonly said: string;
  readonly written: string;
}

/** Why an item of the list was left out. */
type LeftOutReason = 'no_spoken_form' | 'empty' | 'too_long' | 'twice';

/** What a list read: the words, and each item left out with its reason. */
export interface VocabularyRead {
  readonly words: Word[];
  readonly leftOut: { readonly item: string; readonly reason: LeftOutReason }[];
}

/** Longest said and written forms sent (the local service's model; the service's own are not public). */
const SAID_MAX = 200;
const WRITTEN_MAX = 1_000;

/** How said forms are compared (case and spacing aside). */
export function saidKey(said: string): string {
  return said.trim().replace(/\s+/g, ' ').toLowerCase();
}

const VocabularyJson = z.object({
  version: z.literal(1),
  words: z.array(z.object({ said: z.string(), written: z.string() })).max(10_000),
});

/** The items of a file, by its name's ending; throws on a file that is not one of the three. */
function itemsOf(file: string, text: string): { said: string | null; written: string }[] {
  const ext = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  if (ext === 'json') return VocabularyJson.parse(JSON.parse(text)).words;
  if (ext === 'csv') return csvTable(text, ['said', 'written']);
  if (ext !== 'txt') throw new Error('not a vocabulary file');
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf('\\');
      return at < 0
        ? { said: null, written: line }
        : { said: line.slice(at + 1), written: line.slice(0, at) };
    });
}

/** Reads IT's list; what cannot be a replacement is left out and named (by its words: IT's, not a patient's). */
export function parseVocabulary(file: string, bytes: Uint8Array): VocabularyRead {
  const words: Word[] = [];
  const leftOut: VocabularyRead['leftOut'] = [];
  const seen = new Set<string>();
  for (const { said, written } of itemsOf(file, decodeText(bytes))) {
    const item = (said ?? written).trim();
    const reason: LeftOutReason | null =
      said === null
        ? 'no_spoken_form'
        : said.trim() === '' || written.trim() === ''
          ? 'empty'
          : said.length > SAID_MAX || written.length > WRITTEN_MAX
            ? 'too_long'
            : seen.has(saidKey(said))
              ? 'twice'
              : null;
    if (reason || said === null) {
      leftOut.push({ item, reason: reason ?? 'no_spoken_form' });
      continue;
    }
    words.push({ said: said.trim(), written: written.trim() });
    seen.add(saidKey(said));
  }
  return { words, leftOut };
}

/** IT's list as it is now; null: no policy, or a file that cannot be read or is not a list (left as it is). */
export async function readVocabulary(file: string | undefined): Promise<Word[] | null> {
  if (!file) return null;
  try {
    return parseVocabulary(file, new Uint8Array(await readFile(file))).words;
  } catch {
    return null;
  }
}

/** A replacement this computer's sync made IT's, and the clinician's own written form it took over, if any. */
interface Sent extends Replacement {
  readonly original?: string;
}

/** What a sync sends, and the clinician's own written forms IT's words take over now (by what is said). */
export interface VocabularyPlan {
  readonly save: { id: string | null; spoken: string; written: string }[];
  readonly remove: string[];
  readonly taken: ReadonlyMap<string, string>;
}

/**
 * The service's replacements made to match IT's words (`sent`: what this computer's syncs made IT's). A word
 * IT dropped goes, or gives the clinician back the replacement it took over.
 */
export function planVocabulary(
  service: readonly Replacement[],
  words: readonly Word[],
  sent: readonly Sent[],
): VocabularyPlan {
  const bySaid = new Map(service.map((r) => [saidKey(r.spoken), r]));
  const wanted = new Set(words.map((w) => saidKey(w.said)));
  const ours = new Set(sent.map((s) => s.id));
  const save: VocabularyPlan['save'] = [];
  const taken = new Map<string, string>();
  for (const word of words) {
    const held = bySaid.get(saidKey(word.said));
    if (!held) save.push({ id: null, spoken: word.said, written: word.written });
    else if (!ours.has(held.id)) taken.set(saidKey(held.spoken), held.written);
    if (held && held.written !== word.written)
      save.push({ id: held.id, spoken: held.spoken, written: word.written });
  }
  const byId = new Map(service.map((r) => [r.id, r]));
  const remove: string[] = [];
  for (const s of sent) {
    const held = byId.get(s.id);
    const dropped =
      held && held.spoken === s.spoken && held.written === s.written && !wanted.has(saidKey(s.spoken));
    if (!dropped) continue;
    if (s.original === undefined) remove.push(s.id);
    else if (s.original !== s.written) save.push({ id: s.id, spoken: s.spoken, written: s.original });
  }
  return { save, remove, taken };
}

const SentSchema = z.object({
  version: z.literal(1),
  account: z.string(),
  sent: z.array(
    z.object({ id: z.string(), spoken: z.string(), written: z.string(), original: z.string().optional() }),
  ),
});

/** Where what this computer's syncs made IT's is kept, per account. */
const sentFile = (dataDir: string, account: string) =>
  join(
    dataDir,
    'vocabulary-accounts',
    `${createHash('sha256').update(account).digest('hex').slice(0, 32)}.json`,
  );

/** Syncs the clinician's replacements with IT's words once (`words` null: nothing to do). */
export async function syncVocabulary(
  dataDir: string,
  account: string,
  store: ReplacementStore,
  words: readonly Word[] | null,
): Promise<void> {
  if (!words) return;
  const path = sentFile(dataDir, account);
  const sent: Sent[] = await readFile(path, 'utf8').then(
    (raw) => SentSchema.parse(JSON.parse(raw)).sent,
    () => [],
  );
  const service = await store.list();
  const plan = planVocabulary(service, words, sent);
  for (const id of plan.remove) await store.remove(id);
  for (const item of plan.save) await store.save(item);
  const wanted = new Set(words.map((w) => saidKey(w.said)));
  const now = plan.save.length + plan.remove.length > 0 ? await store.list() : service;
  const before = new Map(sent.map((s) => [s.id, s.original]));
  const mine = now
    .filter((r) => wanted.has(saidKey(r.spoken)))
    .map((r) => {
      const original = before.has(r.id) ? before.get(r.id) : plan.taken.get(saidKey(r.spoken));
      return {
        id: r.id,
        spoken: r.spoken,
        written: r.written,
        ...(original === undefined ? {} : { original }),
      };
    });
  await writeFileAtomic(path, `${JSON.stringify({ version: 1, account, sent: mine }, null, 2)}\n`);
}
