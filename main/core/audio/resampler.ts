import { SAMPLE_RATE } from './audio-source.ts';

/**
 * Streaming sample-rate converter: windowed-sinc (Blackman) interpolation with a low-pass at the lower
 * Nyquist, so 44.1/48 kHz audio does not alias into the 16 kHz stream.
 *
 * Written here rather than taken from `wavefile` because wavefile converts whole files in memory: an hour
 * of 48 kHz stereo is ~700 MB as a buffer, and more as float64. This one works block by block, keeps only
 * a few dozen samples of history, and has zero delay (the kernel is centred on each output instant).
 */
export class Resampler {
  readonly #from: number;
  readonly #to: number;
  /** Half-width of the kernel in input samples. */
  readonly #half: number;
  readonly #table: Float32Array;
  /** Input history; #buffer[0] is input sample number #bufferStart (negative = leading zeros). */
  #buffer: Float32Array;
  #bufferStart: number;
  #inputCount = 0;
  #outputCount = 0;

  constructor(fromRate: number, toRate: number = SAMPLE_RATE) {
    if (!(fromRate > 0 && toRate > 0) || !Number.isInteger(fromRate) || !Number.isInteger(toRate)) {
      throw new RangeError('sample rates must be positive integers');
    }
    this.#from = fromRate;
    this.#to = toRate;
    // Cut a little below the lower Nyquist so the transition band stays under it.
    const cutoff = Math.min(1, toRate / fromRate) * 0.94;
    this.#half = Math.ceil(ZERO_CROSSINGS / cutoff);
    this.#table = kernelTable(cutoff, this.#half);
    this.#buffer = new Float32Array(this.#half); // leading zeros: the signal is silent before it starts
    this.#bufferStart = -this.#half;
  }

  /** Adds input samples (floats in [-1, 1]); returns the output samples they make available. */
  push(input: Float32Array): Float32Array {
    if (this.#from === this.#to) {
      this.#inputCount += input.length;
      this.#outputCount += input.length;
      return input.slice();
    }
    this.#append(input);
    this.#inputCount += input.length;
    return this.#produce(Number.POSITIVE_INFINITY);
  }

  /** Ends the stream: returns the remaining output, so the total is inputCount × toRate / fromRate. */
  flush(): Float32Array {
    if (this.#from === this.#to) return new Float32Array(0);
    this.#append(new Float32Array(this.#half + 1));
    const total = Math.round((this.#inputCount * this.#to) / this.#from);
    return this.#produce(total);
  }

  #append(input: Float32Array): void {
    const next = new Float32Array(this.#buffer.length + input.length);
    next.set(this.#buffer);
    next.set(input, this.#buffer.length);
    this.#buffer = next;
  }

  #produce(limit: number): Float32Array {
    const out: number[] = [];
    const half = this.#half;
    const end = this.#bufferStart + this.#buffer.length; // one past the last input held
    for (;;) {
      if (this.#outputCount >= limit) break;
      const t = (this.#outputCount * this.#from) / this.#to;
      const centre = Math.floor(t);
      if (centre + half >= end) break;
      out.push(this.#interpolate(t, centre));
      this.#outputCount++;
    }
    // Keep only the history the next output still needs.
    const nextCentre = Math.floor((this.#outputCount * this.#from) / this.#to);
    const keepFrom = Math.max(this.#bufferStart, nextCentre - half + 1);
    this.#buffer = this.#buffer.slice(keepFrom - this.#bufferStart);
    this.#bufferStart = keepFrom;
    return Float32Array.from(out);
  }

  #interpolate(t: number, centre: number): number {
    const half = this.#half;
    const table = this.#table;
    const buffer = this.#buffer;
    let sum = 0;
    for (let k = centre - half + 1; k <= centre + half; k++) {
      const position = Math.abs(t - k) * PHASES;
      const i = Math.floor(position);
      const frac = position - i;
      const h = (table[i] ?? 0) + frac * ((table[i + 1] ?? 0) - (table[i] ?? 0));
      sum += (buffer[k - this.#bufferStart] ?? 0) * h;
    }
    return sum;
  }
}

/** Zero crossings of the sinc on each side at the cutoff; 12 gives a stop band of roughly -70 dB. */
const ZERO_CROSSINGS = 12;
/** Table entries per input sample; linear interpolation between them is accurate to ~-90 dB. */
const PHASES = 256;

/** h(x) = cutoff·sinc(cutoff·x)·blackman(x / half) for x in [0, half], sampled PHASES times per sample. */
function kernelTable(cutoff: number, half: number): Float32Array {
  const table = new Float32Array(half * PHASES + 2);
  for (let i = 0; i < table.length; i++) {
    const x = i / PHASES;
    if (x >= half) continue;
    const arg = Math.PI * cutoff * x;
    const sinc = x === 0 ? 1 : Math.sin(arg) / arg;
    const w = x / half; // 0..1 from the centre
    const blackman = 0.42 + 0.5 * Math.cos(Math.PI * w) + 0.08 * Math.cos(2 * Math.PI * w);
    table[i] = cutoff * sinc * blackman;
  }
  return table;
}
