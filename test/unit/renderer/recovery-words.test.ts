/** What the Visit screen says of the visits kept on this computer: interrupted, ended, or both. */
import { describe, expect, it } from 'vitest';
import { recoveryLine, recoveryWords } from '../../../renderer/lib/state/recovery-words.ts';

const visit = (ended: boolean, stale = false) => ({ id: ended ? 'e' : 'i', startedAt: 0, stale, ended });

describe('recovery words', () => {
  it('keeps the interrupted visit words when none ended', () => {
    expect(recoveryWords([visit(false)])).toEqual({
      heading: 'Interrupted visit',
      intro:
        'The app stopped before this visit finished. The recording is kept, encrypted, on this computer: recover it to get the whole transcript back and write the note.',
    });
    expect(recoveryWords([visit(false), visit(false)]).heading).toBe('Interrupted visits');
  });

  it('says an ended visit is whole and nothing is sent again', () => {
    const words = recoveryWords([visit(true)]);
    expect(words.heading).toBe('A visit kept from before');
    expect(words.intro).toContain('after this visit ended');
    expect(words.intro).toContain('nothing is sent again');
  });

  it('names neither case alone when both are kept, and says each line how it was left', () => {
    expect(recoveryWords([visit(false), visit(true)]).heading).toBe('Visits kept from before');
    expect(recoveryLine(visit(true), '27 Nov 2026, 09:10')).toBe(
      'Recorded 27 Nov 2026, 09:10 — ended, transcript complete',
    );
    expect(recoveryLine(visit(false, true), 'then')).toBe(
      'Recorded then — interrupted — older than the retention period',
    );
  });
});
