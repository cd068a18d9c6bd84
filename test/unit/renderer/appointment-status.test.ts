/** The linked appointment says its visit is running, then ended, instead of "Scheduled" (issue 31 item 10). */
import { describe, expect, it } from 'vitest';
import { shownStatus } from '../../../renderer/lib/state/appointment-status.ts';

const booked = { id: 'a1', status: 'SCHEDULED' };

describe("an appointment's status on the Visit screen", () => {
  it('is "in the visit" while the visit started from it runs, "visit ended" after', () => {
    for (const phase of ['starting', 'recording', 'paused', 'ending'] as const)
      expect(shownStatus(booked, 'a1', phase)).toBe('IN_VISIT');
    expect(shownStatus(booked, 'a1', 'ended')).toBe('VISIT_ENDED');
    expect(shownStatus({ id: 'a1', status: 'PENDING' }, 'a1', 'recording')).toBe('IN_VISIT');
  });

  it("is the service's for other appointments, before the visit starts, and once finalized", () => {
    expect(shownStatus(booked, 'a2', 'recording')).toBe('SCHEDULED');
    expect(shownStatus(booked, null, 'ended')).toBe('SCHEDULED');
    expect(shownStatus(booked, 'a1', 'idle')).toBe('SCHEDULED');
    expect(shownStatus(booked, 'a1', 'failed')).toBe('SCHEDULED');
    expect(shownStatus({ id: 'a1', status: 'FINALIZED' }, 'a1', 'ended')).toBe('FINALIZED');
    expect(shownStatus({ id: 'a1', status: 'CANCELLED' }, 'a1', 'recording')).toBe('CANCELLED');
  });
});
