/**
 * The visit's pushed state: the session reports its health on every ack (ten times a second); the renderer
 * gets `visit:state` only when something it shows changed.
 */
import { describe, expect, it } from 'vitest';
import { VisitStatus } from '../../../../main/features/visit/visit-status.ts';

function status() {
  const pushed: unknown[] = [];
  const visit = new VisitStatus(
    (channel, payload) => {
      if (channel === 'visit:state') pushed.push(payload);
    },
    () => 0,
  );
  visit.begin(false, {});
  pushed.length = 0;
  return { visit, pushed };
}

describe('VisitStatus.set', () => {
  it('pushes a change once, and the same health again not at all', () => {
    const { visit, pushed } = status();
    for (let ack = 0; ack < 10; ack++)
      visit.set({ connection: 'reconnecting', nothingLost: true, disk: undefined });
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ connection: 'reconnecting' });
    visit.set({ connection: 'connected', nothingLost: true, disk: undefined });
    expect(pushed).toHaveLength(2);
    expect(pushed[1]).toMatchObject({ connection: 'connected' });
  });

  it('pushes when a final item came since the last push, even with the same health', () => {
    const { visit, pushed } = status();
    visit.set({ connection: 'reconnecting', nothingLost: true });
    visit.set({ connection: 'reconnecting', nothingLost: true });
    visit.transcript.upsert({
      id: 'a',
      speaker: 'DOCTOR',
      text: 'words',
      startMs: 0,
      endMs: 500,
      final: true,
    });
    visit.set({ connection: 'reconnecting', nothingLost: true });
    expect(pushed).toHaveLength(2);
    expect(pushed[1]).toMatchObject({ finalItems: 1 });
  });
});
