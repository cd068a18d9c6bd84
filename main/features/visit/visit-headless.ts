/**
 * The visit's headless front door: what a shell without a window (`scribe transcribe`, through
 * main/compose/headless.ts) uses of the visit: one recording from a single source over the same capture →
 * session → journal path as the app's visit, with the app's live transcribers.
 */
import { HeadlessVisit, type HeadlessVisitOptions } from './headless-visit.ts';
import { liveTranscribers } from './live-transcriber.ts';

export type { HeadlessVisit } from './headless-visit.ts';

export interface VisitHeadless {
  readonly transcribers: typeof liveTranscribers;
  /** Opens the input now and records it to its end. */
  readonly record: (options: HeadlessVisitOptions) => HeadlessVisit;
}

/** The visit's headless factory. */
export function createVisitHeadless(): VisitHeadless {
  return { transcribers: liveTranscribers, record: (options) => new HeadlessVisit(options) };
}
