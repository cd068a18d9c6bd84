/** The visit's transition table: every allowed transition, and every other one refused by throwing. */
import { describe, expect, it } from 'vitest';
import { VISIT_PHASES } from '../../../../preload/contract/enums.ts';
import {
  canEndVisit,
  canPauseVisit,
  canResumeVisit,
  canStartVisit,
  isVisitActive,
  isVisitLive,
  nextVisitPhase,
  type VisitEvent,
} from '../../../../preload/contract/visit-phase.ts';

const EVENTS: readonly VisitEvent[] = [
  'start',
  'connected',
  'pause',
  'resume',
  'end',
  'finished',
  'fail',
  'restore',
  'discard',
];

/** Written out by hand (not read from the table) so that a changed table fails here. */
const ALLOWED: ReadonlyArray<readonly [string, VisitEvent, string]> = [
  ['idle', 'start', 'starting'],
  ['idle', 'restore', 'ended'],
  ['idle', 'discard', 'idle'],
  ['starting', 'connected', 'recording'],
  ['starting', 'end', 'ending'],
  ['starting', 'fail', 'failed'],
  ['starting', 'discard', 'idle'],
  ['recording', 'pause', 'paused'],
  ['recording', 'end', 'ending'],
  ['recording', 'fail', 'failed'],
  ['recording', 'discard', 'idle'],
  ['paused', 'resume', 'recording'],
  ['paused', 'end', 'ending'],
  ['paused', 'fail', 'failed'],
  ['paused', 'discard', 'idle'],
  ['ending', 'finished', 'ended'],
  ['ending', 'fail', 'failed'],
  ['ending', 'discard', 'idle'],
  ['ended', 'start', 'starting'],
  ['ended', 'restore', 'ended'],
  ['ended', 'discard', 'idle'],
  ['failed', 'start', 'starting'],
  ['failed', 'restore', 'ended'],
  ['failed', 'discard', 'idle'],
];

describe('the visit state machine', () => {
  it.each(ALLOWED)('%s --%s--> %s', (phase, event, next) => {
    expect(nextVisitPhase(phase as (typeof VISIT_PHASES)[number], event)).toBe(next);
  });

  const impossible = VISIT_PHASES.flatMap((phase) =>
    EVENTS.filter((event) => !ALLOWED.some(([p, e]) => p === phase && e === event)).map(
      (event) => [phase, event] as const,
    ),
  );

  it('has impossible transitions to refuse', () => expect(impossible.length).toBe(39));

  it.each(impossible)('%s --%s--> throws', (phase, event) => {
    expect(() => nextVisitPhase(phase, event)).toThrow(
      `Impossible visit transition: ${event} while ${phase}.`,
    );
  });

  it('answers the screen’s questions from the same table', () => {
    const where = (test: (phase: (typeof VISIT_PHASES)[number]) => boolean) => VISIT_PHASES.filter(test);
    expect(where(isVisitActive)).toEqual(['starting', 'recording', 'paused', 'ending']);
    expect(where(canStartVisit)).toEqual(['idle', 'ended', 'failed']);
    expect(where(canPauseVisit)).toEqual(['recording']);
    expect(where(canResumeVisit)).toEqual(['paused']);
    expect(where(canEndVisit)).toEqual(['starting', 'recording', 'paused']);
    expect(where(isVisitLive)).toEqual(['recording', 'paused', 'ending']);
  });
});
