/**
 * The warnings and failures a streaming session reports about its journal and its connection, worded once.
 * Messages carry no audio, text or tokens.
 */
import type { JournalStatus, SessionJournal } from './session-journal.ts';
import { StreamingError } from './streaming-error.ts';

/** The warning for a journal health change, or none when the journal is healthy again. */
export function journalStatusWarning(status: JournalStatus, cause: unknown): StreamingError | undefined {
  if (status === 'disk_full')
    return new StreamingError(
      'disk_full',
      'The disk is full: audio is kept in memory until it can be written.',
      {
        cause,
      },
    );
  if (status === 'failed')
    return new StreamingError('journal_failed', 'The journal could not be written.', { cause });
  return undefined;
}

/** A chunk could not be written to the journal; it stays in memory. */
export function journalWriteWarning(cause: unknown): StreamingError {
  return new StreamingError(
    'journal_failed',
    'Audio could not be written to the journal; it is kept in memory.',
    {
      cause,
    },
  );
}

/**
 * Every chunk is covered by final text: the journal is marked finished. Its finish is bounded (a full disk
 * never keeps the session from ending); when it gave up, the answer is the warning that the audio was not
 * kept on disk.
 */
export async function finishJournal(
  journal: SessionJournal | undefined,
): Promise<StreamingError | undefined> {
  try {
    await journal?.finish();
    return undefined;
  } catch (cause) {
    if (!(cause instanceof StreamingError) || cause.code !== 'disk_full') return undefined;
    return new StreamingError('disk_full', 'The disk is full: the audio could not be kept on disk.', {
      cause,
    });
  }
}

/** The start budget is spent: one retryable reason ("try again"), unless the service kept sending errors. */
export function unreachable(error: StreamingError): StreamingError {
  if (error.code === 'service_error') return error;
  return new StreamingError('connection_lost', 'The streaming service could not be reached.', {
    retryable: true,
    cause: error,
  });
}
