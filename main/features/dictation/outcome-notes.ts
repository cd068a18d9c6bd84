/**
 * What the dictation box says about a dictation's outcome, and where history says it went; and, for text a
 * copy fallback left on the clipboard, what the box says once the clear it counts down to has run.
 */
import type { DictationMessage, HistoryPlace } from '../../../preload/contract/index.ts';
import type { DictationOutcome } from './controller-types.ts';
import { isNotInsertedReason, type DictationEvent } from './ports.ts';

/**
 * Where history says a dictation went: the application's name, or what happened instead (a place the
 * window words in its language, never shown as this code).
 */
export function whereOf(outcome: DictationOutcome): string {
  if (outcome.kind === 'inserted') return outcome.appName;
  const place: HistoryPlace =
    outcome.kind === 'copied' ? 'copied' : outcome.kind === 'failed' ? 'failed' : 'dictation box';
  return place;
}

/**
 * What the audit trail is told of a finished dictation (`where`: whereOf's answer; `flagged`: a correction
 * was flagged in it): inserted, flagged, or stopped short of the field for a reason it records.
 */
export function finishedEvents(outcome: DictationOutcome, where: string, flagged: boolean): DictationEvent[] {
  const events: DictationEvent[] = [];
  const into = outcome.kind === 'inserted' ? outcome.appName : where;
  if (outcome.kind === 'inserted') events.push({ kind: 'dictation_inserted', into });
  if (flagged) events.push({ kind: 'dictation_correction_flagged', into });
  const reason = outcome.kind === 'copied' ? outcome.reason.code : undefined;
  if (outcome.kind === 'copied' && isNotInsertedReason(reason) && reason !== 'copy_mode')
    events.push({ kind: 'dictation_not_inserted', into: outcome.reason.app ?? 'unknown', reason });
  return events;
}

/** The box's note for an outcome (a code, never a sentence). */
export function noteOf(outcome: DictationOutcome): DictationMessage {
  if (outcome.kind !== 'inserted') return outcome.reason;
  return { code: outcome.unchecked ? 'inserted_unchecked' : 'inserted', app: outcome.appName };
}

/** Once a copied text's clear ran: whether it cleared the clipboard, and the note the box says then. */
export interface AfterClear {
  readonly cleared: boolean;
  /** `note` saying when the clipboard was cleared; without its countdown when someone copied since. */
  readonly note: DictationMessage | null;
}

/**
 * Waits for the clear an outcome announced; resolves never when it announced none. `now` is the wall
 * clock the window counts down on (main and the window read the same computer's clock).
 */
export async function afterClear(
  outcome: DictationOutcome,
  note: DictationMessage | null,
  now: () => number = Date.now,
): Promise<AfterClear> {
  if (outcome.kind !== 'copied' || !outcome.cleared) return new Promise<never>(() => undefined);
  const how = await outcome.cleared;
  if (how === 'cancelled' || !note) return { cleared: how === 'cleared', note: null };
  const { clipboard: _countdown, ...sentence } = note;
  return {
    cleared: how === 'cleared',
    note: how === 'cleared' ? { ...sentence, clipboard: { state: 'cleared', at: now() } } : sentence,
  };
}
