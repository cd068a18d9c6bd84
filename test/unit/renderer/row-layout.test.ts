/**
 * The windowed transcript list's maths: row tops from estimated and measured heights, updated from the
 * first changed row only (checked against a plain sum over many random appends, late lines and
 * measurements), the row at a height, the rows a viewport shows, and "at the end".
 */
import { describe, expect, it } from 'vitest';
import { isAtEnd, RowLayout, type Row } from '../../../renderer/lib/state/row-layout.ts';
import { seededRandom } from '../../harness/seeded-random.ts';

const ESTIMATE = 38;
const rows = (n: number, prefix = 'r'): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}` }));

/** The reference: every top as a plain sum of the heights known for the rows above. */
function tops(list: readonly Row[], heights: ReadonlyMap<string, number>): number[] {
  const out = [0];
  for (const row of list) out.push(out.at(-1)! + (heights.get(row.id) ?? ESTIMATE));
  return out;
}

describe('RowLayout', () => {
  it('places unmeasured rows at the estimate, and measured rows at their height', () => {
    const layout = new RowLayout(ESTIMATE);
    const list = rows(4);
    expect(layout.update(list, 0)).toBe(4);
    expect([0, 1, 2, 3, 4].map((i) => layout.top(i))).toEqual([0, 38, 76, 114, 152]);
    expect(layout.total).toBe(152);

    // Rows 1 and 2 rendered: 60 and 38 (unchanged from the estimate, but now known).
    expect(
      layout.measure(1, [
        { id: 'r1', height: 60 },
        { id: 'r2', height: 38 },
      ]),
    ).toBe(true);
    layout.update(list, list.length); // nothing in the list changed: the measurement alone moves rows
    expect([0, 1, 2, 3, 4].map((i) => layout.top(i))).toEqual([0, 38, 98, 136, 174]);
    // The same heights again change nothing; a row not laid out (0) or without an id is skipped.
    expect(
      layout.measure(1, [
        { id: 'r1', height: 60 },
        { id: 'r2', height: 38 },
      ]),
    ).toBe(false);
    expect(
      layout.measure(0, [
        { id: 'r0', height: 0 },
        { id: undefined, height: 50 },
      ]),
    ).toBe(false);
  });

  it('keeps every top equal to a plain sum through random appends, late lines and measurements', () => {
    for (const seed of [1, 2, 3, 42]) {
      const random = seededRandom(seed);
      const layout = new RowLayout(ESTIMATE);
      const heights = new Map<string, number>();
      const list: Row[] = [];
      let next = 0;
      for (let step = 0; step < 300; step++) {
        const roll = random();
        let changedFrom = list.length;
        if (roll < 0.6) {
          // Appends (past the initial 1024 slots, so the sums grow).
          const adds = 1 + Math.floor(random() * 16);
          for (let k = 0; k < adds; k++) list.push({ id: `r${next++}` });
        } else if (roll < 0.75) {
          const at = Math.floor(random() * (list.length + 1));
          list.splice(at, 0, { id: `r${next++}` }); // a late line
          changedFrom = at;
        } else if (list.length > 0) {
          // The rows in a window are rendered and measured.
          const start = Math.floor(random() * list.length);
          const shown = list.slice(start, start + 15);
          const rendered = shown.map((row) => ({ id: row.id, height: 20 + Math.floor(random() * 80) }));
          layout.measure(start, rendered);
          for (const { id, height } of rendered) heights.set(id, height);
        }
        layout.update(list, changedFrom);
        const expected = tops(list, heights);
        expect(
          expected.map((_, i) => layout.top(i)),
          `seed ${seed}, step ${step}`,
        ).toEqual(expected);
      }
      expect(list.length).toBeGreaterThan(1024);
    }
  });

  it('finds the row at a height by its top and bottom', () => {
    const layout = new RowLayout(ESTIMATE);
    layout.update(rows(3), 0); // tops 0, 38, 76; total 114
    expect([0, 37.9, 38, 75, 76, 113, 114, 500].map((y) => layout.indexAt(y))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3,
    ]);
    expect(new RowLayout(ESTIMATE).indexAt(0)).toBe(0);
  });

  it('gives the rows a viewport shows, with overscan, clamped to the list', () => {
    const layout = new RowLayout(ESTIMATE);
    layout.update(rows(1000), 0);
    // 380 px at the top: rows 0–9 visible, 10 touched by the bottom edge, plus 2 on each side.
    expect(layout.range(0, 380, 2)).toEqual({ start: 0, end: 13 });
    expect(layout.range(3800, 380, 2)).toEqual({ start: 98, end: 113 });
    // At the end: the last 380 px, whatever the scroll position was.
    expect(layout.range('end', 380, 2)).toEqual({ start: 988, end: 1000 });
    // A list shorter than the viewport shows everything.
    const short = new RowLayout(ESTIMATE);
    short.update(rows(3), 0);
    expect(short.range('end', 380, 6)).toEqual({ start: 0, end: 3 });
    expect(new RowLayout(ESTIMATE).range('end', 380, 6)).toEqual({ start: 0, end: 0 });
  });
});

describe('isAtEnd', () => {
  it('counts the last 24 px as the end', () => {
    expect(isAtEnd(600, 400, 1000)).toBe(true);
    expect(isAtEnd(576, 400, 1000)).toBe(true);
    expect(isAtEnd(575, 400, 1000)).toBe(false);
    expect(isAtEnd(0, 400, 300)).toBe(true); // content shorter than the viewport
  });
});
