/**
 * The live transcript's ordering: upserts by id into start-time order, checked against a plain reference
 * (keep the latest version of each id, sort by start) over many random batches, including late lines and
 * updates in the same batch as the line that moved them.
 */
import { describe, expect, it } from 'vitest';
import { TranscriptOrder } from '../../../renderer/lib/state/transcript-order.ts';
import { seededRandom } from '../../harness/seeded-random.ts';

interface Item {
  id: string;
  startMs: number;
  text: string;
}

const line = (id: string, startMs: number, text = id): Item => ({ id, startMs, text });

/** The reference: the latest version of each id, sorted by start. */
function reference(batches: Item[][]): Item[] {
  const latest = new Map<string, Item>();
  for (const batch of batches) for (const item of batch) latest.set(item.id, item);
  return [...latest.values()].sort((a, b) => a.startMs - b.startMs);
}

/** Random batches: mostly new lines near the end, some late lines, some updates (same or moved start). */
function randomBatches(random: () => number, count: number, spread: number): Item[][] {
  const ids: string[] = [];
  const starts = new Map<string, number>();
  let clock = 0;
  const batches: Item[][] = [];
  for (let b = 0; b < count; b++) {
    const batch: Item[] = [];
    const size = 1 + Math.floor(random() * 8);
    for (let k = 0; k < size; k++) {
      const roll = random();
      if (ids.length > 0 && roll < 0.35) {
        const id = ids[Math.floor(random() * ids.length)]!;
        const start = random() < 0.5 ? undefined : Math.floor(random() * (clock + 1) * spread) / spread;
        batch.push(line(id, start ?? starts.get(id)!, `${id} v${b}.${k}`));
        starts.set(id, start ?? starts.get(id)!);
      } else {
        const id = `i${ids.length}`;
        ids.push(id);
        clock += 1;
        const start = roll < 0.55 ? Math.floor(random() * clock * spread) / spread : clock;
        batch.push(line(id, start));
        starts.set(id, start);
      }
    }
    batches.push(batch);
  }
  return batches;
}

/** Positions below the reported first change hold the very same items as before the batch. */
function unchangedBelow(before: readonly Item[], after: readonly Item[], from: number): boolean {
  for (let i = 0; i < from; i++) if (after[i] !== before[i]) return false;
  return true;
}

/** Each id once, starts never decreasing (ties may be in either order). */
function wellFormed(items: readonly Item[]): boolean {
  if (new Set(items.map((i) => i.id)).size !== items.length) return false;
  for (let i = 1; i < items.length; i++) if (items[i - 1]!.startMs > items[i]!.startMs) return false;
  return true;
}

const byId = (items: readonly Item[]) => [...items].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

describe('TranscriptOrder', () => {
  it('keeps every line once when a late line and an update to a later line arrive in one batch', () => {
    const order = new TranscriptOrder<Item>();
    order.apply([line('a', 0), line('b', 1000), line('c', 2000)]);
    order.apply([line('x', 500), line('c', 2000, 'c updated')]);
    expect(order.items.map((i) => i.text)).toEqual(['a', 'x', 'b', 'c updated']);
    order.apply([line('b', 1000, 'b updated'), line('a', 2500, 'a moved'), line('x', 500, 'x updated')]);
    expect(order.items.map((i) => i.text)).toEqual(['x updated', 'b updated', 'c updated', 'a moved']);
  });

  it('moves a line whose start changed, and replaces in place one that still fits', () => {
    const order = new TranscriptOrder<Item>();
    order.apply([line('a', 0), line('b', 1000), line('c', 2000)]);
    order.takeDirtyFrom();
    order.apply([line('b', 1500, 'b later')]);
    expect(order.items.map((i) => i.text)).toEqual(['a', 'b later', 'c']);
    expect(order.takeDirtyFrom()).toBe(1);
    order.apply([line('a', 3000, 'a last')]);
    expect(order.items.map((i) => i.text)).toEqual(['b later', 'c', 'a last']);
    expect(order.takeDirtyFrom()).toBe(0);
  });

  it('reports only the appended position as changed when lines arrive in order', () => {
    const order = new TranscriptOrder<Item>();
    order.apply([line('a', 0), line('b', 1000)]);
    expect(order.takeDirtyFrom()).toBe(0);
    order.apply([line('c', 2000)]);
    expect(order.takeDirtyFrom()).toBe(2);
    order.apply([line('c', 2000, 'c final'), line('d', 3000)]);
    expect(order.takeDirtyFrom()).toBe(2);
    expect(order.takeDirtyFrom()).toBe(4); // nothing changed since
  });

  /** Applies 200 seeded runs of random batches, checking the order after each batch with `check`. */
  function everyBatch(
    seedOf: (seed: number) => number,
    maxStart: number,
    check: (order: TranscriptOrder<Item>, expected: Item[], where: string) => void,
  ): void {
    for (let seed = 1; seed <= 200; seed++) {
      const batches = randomBatches(seededRandom(seedOf(seed)), 40, maxStart);
      const order = new TranscriptOrder<Item>();
      for (let b = 0; b < batches.length; b++) {
        const before = [...order.items];
        order.apply(batches[b]!);
        const where = `seed ${seed}, batch ${b}`;
        expect(unchangedBelow(before, order.items, order.takeDirtyFrom()), where).toBe(true);
        check(order, reference(batches.slice(0, b + 1)), where);
      }
    }
  }

  it('matches the reference over random batches with distinct starts', () => {
    everyBatch(
      (seed) => seed,
      1_000_000,
      (order, expected, where) => {
        // Distinct starts make the order unique; a failure names its seed and batch.
        if (!order.items.every((item, i) => item === expected[i]) || order.items.length !== expected.length)
          expect(order.items, where).toEqual(expected);
      },
    );
  });

  it('keeps each id once, the latest version, in start order when starts tie', () => {
    // Whole-number starts: many ties.
    everyBatch(
      (seed) => seed * 7919,
      1,
      (order, inOrder, where) => {
        expect(wellFormed(order.items), where).toBe(true);
        const got = byId(order.items);
        const expected = byId(inOrder);
        if (got.length !== expected.length || !got.every((item, i) => item === expected[i]))
          expect(got, where).toEqual(expected);
      },
    );
  });

  it('starts empty again after clear', () => {
    const order = new TranscriptOrder<Item>();
    order.apply([line('a', 0), line('b', 10)]);
    order.clear();
    expect(order.items).toEqual([]);
    order.apply([line('b', 5), line('a', 1)]);
    expect(order.items.map((i) => i.id)).toEqual(['a', 'b']);
  });
});
