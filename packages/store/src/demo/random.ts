/**
 * A small seeded pseudo-random number generator (mulberry32) for deterministic demo data.
 * Not cryptographic; the same seed always yields the same sequence on every platform.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  float(min: number, max: number): number;
  /** A uniformly chosen element; throws on an empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Normally distributed (Box–Muller). */
  normal(mean?: number, sd?: number): number;
  /** exp(normal(mu, sigma)): a heavy right tail with median exp(mu). */
  logNormal(mu: number, sigma: number): number;
  /**
   * An index in [0, n) skewed towards 0: floor(n · u^exponent). exponent 1 is uniform; larger
   * exponents concentrate more of the mass on the first indices (a few very active "users").
   */
  skewedIndex(n: number, exponent: number): number;
}

const TWO_POW_32 = 4294967296;

/*
 * The Math functions the demo's generators call millions of times, read once. Under jest (the
 * test suites seed demos) a module runs in a vm context, where each read of a global such as
 * `Math` goes through the context's property interceptor: a generator that reads them in its
 * inner loop runs several times slower there than in plain Node.
 */
const { imul, floor, min, pow, sqrt, log, cos, exp, PI } = Math;

/** A 32-bit hash of `n` under `seed` (murmur3's finalizer): the demo's deterministic choices. */
export function mix(seed: number, n: number): number {
  let h = (seed ^ imul(n + 1, 0x9e3779b1)) >>> 0;
  h = imul(h ^ (h >>> 16), 0x85ebca6b);
  h = imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** `mix` as a number in [0, 1). */
export const unit = (seed: number, n: number): number => mix(seed, n) / TWO_POW_32;

class Mulberry32 implements Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32;
  }

  int(min: number, max: number): number {
    return min + floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  normal(mean = 0, sd = 1): number {
    const u1 = 1 - this.next(); // (0, 1]: log is finite
    const u2 = this.next();
    return mean + sd * sqrt(-2 * log(u1)) * cos(2 * PI * u2);
  }

  logNormal(mu: number, sigma: number): number {
    return exp(this.normal(mu, sigma));
  }

  skewedIndex(n: number, exponent: number): number {
    return min(n - 1, floor(n * pow(this.next(), exponent)));
  }
}

export function createRandom(seed: number): Random {
  return new Mulberry32(seed);
}
