/**
 * How long an outcome stays on the overlay: a moment, or, while it shows a flag not yet kept or fixed, long
 * enough to read the flag and press its key; kept or fixed, it goes as an outcome without a flag does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OverlayPresenter } from '../../../../main/features/dictation/overlay-presenter.ts';
import type { DictationFlag } from '../../../../preload/contract/index.ts';
import type { OverlayState } from '../../../../main/features/dictation/ports.ts';

const flag = { id: 'f1', code: 'trailing_zero' } as DictationFlag;
const running = {
  phase: 'listening',
  appName: 'ehr.exe',
  level: 0,
  elapsedMs: 0,
  lastWords: '',
  message: null,
  flagged: null,
} satisfies OverlayState;

function setup() {
  const shown: (OverlayState | null)[] = [];
  const presenter = new OverlayPresenter({ overlay: { show: (state) => shown.push(state) } });
  return { presenter, last: () => shown.at(-1) };
}

describe('the overlay’s outcome', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('without a flag hides after 2.5 s', () => {
    const t = setup();
    t.presenter.flash({ phase: 'inserted' });
    vi.advanceTimersByTime(2499);
    expect(t.last()).toMatchObject({ phase: 'inserted' });
    vi.advanceTimersByTime(1);
    expect(t.last()).toBeNull();
  });

  it('with a flag stays until it is kept or fixed, then hides 2.5 s later', () => {
    const t = setup();
    t.presenter.flash({ phase: 'inserted', flagged: flag });
    vi.advanceTimersByTime(10_000);
    expect(t.last()).toMatchObject({ phase: 'inserted', flagged: { id: 'f1' } });
    t.presenter.resolved('another flag, in the box'); // not the one it shows: it stays
    vi.advanceTimersByTime(5000);
    expect(t.last()).not.toBeNull();
    t.presenter.resolved('f1');
    vi.advanceTimersByTime(2499);
    expect(t.last()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(t.last()).toBeNull();
  });

  it('with a flag left alone hides after 20 s (the flag stays in the box)', () => {
    const t = setup();
    t.presenter.flash({ phase: 'copied', flagged: flag });
    vi.advanceTimersByTime(19_999);
    expect(t.last()).toMatchObject({ flagged: { id: 'f1' } });
    vi.advanceTimersByTime(1);
    expect(t.last()).toBeNull();
    t.presenter.resolved('f1'); // resolved later from the box: the overlay stays hidden
    vi.advanceTimersByTime(60_000);
    expect(t.last()).toBeNull();
  });

  it('with a flag gives way to a new dictation, which it never hides', () => {
    const t = setup();
    t.presenter.flash({ phase: 'inserted', flagged: flag });
    t.presenter.show(running);
    t.presenter.resolved('f1');
    vi.advanceTimersByTime(60_000);
    expect(t.last()).toBe(running);
  });
});
