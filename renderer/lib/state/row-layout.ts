/**
 * The windowed transcript list's maths, as plain logic (no runes, no DOM, so it is unit-tested under
 * Node): where each row sits, which rows a viewport shows, and whether the person is at the end. Row
 * heights are measured once rendered; unmeasured rows use an estimate. Prefix sums of the heights are
 * updated from the first changed row only: appending one line to 10,000 costs one addition, not a pass
 * over the whole list.
 */

/** What the layout needs of a row. */
export interface Row {
  readonly id: string;
}

/** A row as rendered: its id and its height in pixels (0 when not laid out). */
export interface MeasuredRow {
  readonly id: string | undefined;
  readonly height: number;
}

/** Rows `start` (inclusive) to `end` (exclusive). */
export interface RowRange {
  readonly start: number;
  readonly end: number;
}

/** How close to the end (in pixels) still counts as at the end: the list then follows new lines. */
const AT_END_SLACK = 24;

/** Whether a viewport scrolled to `scrollTop` shows the end of its content. */
export function isAtEnd(scrollTop: number, clientHeight: number, scrollHeight: number): boolean {
  return scrollTop + clientHeight >= scrollHeight - AT_END_SLACK;
}

/** Row positions of a list whose rows are measured as they are rendered. */
export class RowLayout {
  readonly #estimate: number;
  readonly #heights = new Map<string, number>();
  /** `#sums[i]` is the top of row i and `#sums[#count]` the total height. */
  #sums = new Float64Array(1024);
  #count = 0;
  /** Lowest row whose measured height changed since the last `update`. */
  #measuredFrom = 0;

  constructor(estimate: number) {
    this.#estimate = estimate;
  }

  /** Row count at the last `update`. */
  get count(): number {
    return this.#count;
  }

  /** Total height of the rows. */
  get total(): number {
    return this.#sums[this.#count]!;
  }

  /** Top of row `i` (`top(count)` is the total height). */
  top(i: number): number {
    return this.#sums[i] ?? 0;
  }

  /**
   * Brings the positions up to date with `rows`, of which those from `changedFrom` on may differ from the
   * last call (rows below it are the same ones); returns the row count.
   */
  update(rows: readonly Row[], changedFrom: number): number {
    const n = rows.length;
    this.#reserve(n + 1);
    const sums = this.#sums;
    const from = Math.min(changedFrom, this.#measuredFrom, n);
    for (let i = from; i < n; i++)
      sums[i + 1] = sums[i]! + (this.#heights.get(rows[i]!.id) ?? this.#estimate);
    this.#measuredFrom = n;
    this.#count = n;
    return n;
  }

  /** Records the heights of rendered rows, the first of them at position `start`; true when any changed. */
  measure(start: number, rendered: Iterable<MeasuredRow>): boolean {
    let changed = false;
    let k = 0;
    for (const { id, height } of rendered) {
      if (id && height > 0 && this.#heights.get(id) !== height) {
        this.#heights.set(id, height);
        this.#measuredFrom = Math.min(this.#measuredFrom, start + k);
        changed = true;
      }
      k++;
    }
    return changed;
  }

  /** The row at height `y` (`count` past the end). */
  indexAt(y: number): number {
    const sums = this.#sums;
    let lo = 0;
    let hi = this.#count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sums[mid + 1]! <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The rows to render for a viewport `height` tall scrolled to `scrollTop`, or showing the end when
   * `scrollTop` is 'end', with `overscan` more on each side.
   */
  range(scrollTop: number | 'end', height: number, overscan: number): RowRange {
    const top = scrollTop === 'end' ? Math.max(0, this.total - height) : scrollTop;
    return {
      start: Math.max(0, this.indexAt(top) - overscan),
      end: Math.min(this.#count, this.indexAt(top + height) + overscan + 1),
    };
  }

  #reserve(length: number): void {
    if (this.#sums.length >= length) return;
    const grown = new Float64Array(Math.max(length, this.#sums.length * 2));
    grown.set(this.#sums);
    this.#sums = grown;
  }
}
