/** The first record of every journal: the session's config (never a token). */
import type { VisitJournal } from './journal.ts';
import type { JsonRecord } from './journal-records.ts';
import { StreamingError } from '../streaming/streaming-error.ts';

/** Writes the config record; a disk with room for the sidecar but not this record is no journal to rely on. */
export async function writeConfigRecord(journal: VisitJournal, config: JsonRecord): Promise<void> {
  const written = journal.appendJson(config);
  const full = new Promise<never>((_, reject) => {
    const off = journal.onStatus((status, error) => {
      if (status === 'ok') return;
      off();
      reject(error ?? new StreamingError('journal_failed', 'The journal cannot be written.'));
    });
    written.then(off, off);
  });
  try {
    await Promise.race([written, full]);
  } catch (error) {
    journal.close();
    throw error;
  }
}
