/** What the Visit screen says of the visits kept on this computer: interrupted ones, ended ones, or both. */
import type { RecoverableVisit } from '../../../preload/contract/index.ts';

/** The banner's heading and first paragraph. */
export function recoveryWords(visits: readonly RecoverableVisit[]): { heading: string; intro: string } {
  const one = visits.length === 1;
  const ended = visits.filter((v) => v.ended).length;
  if (ended === 0)
    return {
      heading: one ? 'Interrupted visit' : 'Interrupted visits',
      intro: `The app stopped before ${one ? 'this visit' : 'these visits'} finished. The recording is kept, encrypted, on this computer: recover it to get the whole transcript back and write the note.`,
    };
  if (ended === visits.length)
    return {
      heading: one ? 'A visit kept from before' : 'Visits kept from before',
      intro: `The app closed after ${one ? 'this visit' : 'these visits'} ended. The whole transcript is kept, encrypted, on this computer: recover it to write the note (nothing is sent again), or discard it. Starting a new visit discards it.`,
    };
  return {
    heading: 'Visits kept from before',
    intro:
      'The app closed before these visits were dealt with. Each is kept, encrypted, on this computer: recover it to get the whole transcript back and write the note. Starting a new visit discards the ended ones.',
  };
}

/** One visit's line: when it was recorded, and how it was left. */
export function recoveryLine(visit: RecoverableVisit, when: string): string {
  const state = visit.ended ? ' — ended, transcript complete' : ' — interrupted';
  return `Recorded ${when}${state}${visit.stale ? ' — older than the retention period' : ''}`;
}
