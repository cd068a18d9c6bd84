/** Where each journaled chunk lies in the journal file (typed arrays: a 2-hour stream costs ~1 MB, not a Map). */
export class ChunkIndex {
  #positions = new Float64Array(1024);
  #seqs = new Float64Array(1024);

  set(index: number, position: number, seq: number): void {
    if (index >= this.#positions.length) {
      const size = Math.max(index + 1, this.#positions.length * 2);
      this.#positions = grow(this.#positions, size);
      this.#seqs = grow(this.#seqs, size);
    }
    // +1 so that 0 means "not journaled".
    this.#positions[index] = position + 1;
    this.#seqs[index] = seq;
  }

  get(index: number): { position: number; seq: number } | undefined {
    const position = this.#positions[index];
    return position ? { position: position - 1, seq: this.#seqs[index] ?? 0 } : undefined;
  }
}

function grow(array: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(size);
  bigger.set(array);
  return bigger;
}
