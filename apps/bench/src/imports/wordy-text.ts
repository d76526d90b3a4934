/**
 * Text as wordy as the Reddit dumps' (the bench's forum lines, reddit-lines.ts): words drawn from a
 * 20,000-word vocabulary by a Zipf law (rank r with weight 1/r: the hundred most frequent are English
 * function words, the rest pseudo-words of two or three syllables), lengths log-normal with a long
 * tail:
 * - titles: about 10 words (1 to 60);
 * - submission bodies (`selftext`): 16 % empty, the others about 39 words (33 on average over all), up to 3,000;
 * - comment bodies: about 30 words, up to 3,000.
 * With sentence punctuation, capitals, and now and then `&amp;`, which the dumps write for `&` and
 * the importer decodes. Deterministic: the same random source gives the same text.
 */

export type Random = () => number;

/** Uniform draws in [0, 1), the same for the same seed (mulberry32: 32-bit integer steps, which a float LCG is not). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const FUNCTION_WORDS = (
  'the of and to a in is it you that he was for on are with as i his they be at one have this from or ' +
  'had by not word but what some we can out other were all there when up use your how said an each she ' +
  'which do their time if will way about many then them write would like so these her long make thing see ' +
  'him two has look more day could go come did number sound no most people my over know water than call ' +
  'first who may down side been now find'
).split(' ');

const CONSONANTS = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z'];
const VOWELS = ['a', 'e', 'i', 'o', 'u'];
const SYLLABLES = CONSONANTS.flatMap((c) => VOWELS.map((v) => c + v));

export const VOCABULARY_SIZE = 20_000;

/** The vocabulary in rank order: function words first, then pseudo-words (none of them a function word). */
export const VOCABULARY: readonly string[] = (() => {
  const words = [...new Set(FUNCTION_WORDS)];
  const taken = new Set(words);
  const n = SYLLABLES.length;
  for (let k = 0; words.length < VOCABULARY_SIZE; k += 1) {
    // two syllables for the first n², then three: every word of a length differs from the others of it
    const three = k >= n * n;
    // spread over the syllables (7919 is prime to n² and n³): frequent words do not all start alike
    const m = ((three ? k - n * n : k) * 7919) % (three ? n * n * n : n * n);
    const digits = three ? [Math.floor(m / (n * n)) % n, Math.floor(m / n) % n, m % n] : [Math.floor(m / n), m % n];
    const word = digits.map((d) => SYLLABLES[d]).join('');
    if (!taken.has(word)) {
      taken.add(word);
      words.push(word);
    }
  }
  return words;
})();

/** A sampler of ranks 0 … n - 1 by a Zipf law of exponent 1 (rank r weighs 1 / (r + 1)), from a uniform draw in [0, 1). */
export function zipf(n: number): (u: number) => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r += 1) cumulative[r] = sum += 1 / (r + 1);
  for (let r = 0; r < n; r += 1) cumulative[r]! /= sum;
  return (u) => {
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cumulative[mid]! < u) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

const wordRank = zipf(VOCABULARY_SIZE);

/** A word of the vocabulary, drawn by its Zipf weight. */
export const zipfWord = (random: Random): string => VOCABULARY[wordRank(random())]!;

/** A uniform draw in [0, 1) that is a function of `i` alone (for what two shapes must agree on, as a thread's community). */
export function uniformOf(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** A log-normal count of mean `mean` and shape `sigma`, held within [min, max]. */
function logNormalCount(random: Random, mean: number, sigma: number, min: number, max: number): number {
  // Box–Muller; 1 - random() is never 0
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const value = Math.round(Math.exp(Math.log(mean) - (sigma * sigma) / 2 + sigma * normal));
  return Math.min(max, Math.max(min, value));
}

/** `words` words as a writer sets them down: sentences with capitals and stops, a comma now and then. */
function prose(random: Random, words: number): string {
  const parts: string[] = [];
  let sentenceStart = true;
  for (let i = 0; i < words; i += 1) {
    let word = random() < 0.01 ? '&amp;' : zipfWord(random);
    if (sentenceStart) word = word[0]!.toUpperCase() + word.slice(1);
    sentenceStart = false;
    const mark = random();
    if (i === words - 1 || mark < 0.07) {
      word += mark < 0.01 ? '?' : '.';
      sentenceStart = true;
    } else if (mark < 0.12) word += ',';
    parts.push(word);
  }
  return parts.join(' ');
}

export const titleText = (random: Random) => prose(random, logNormalCount(random, 10, 0.5, 1, 60)).replace(/\.$/, '');

export const selftextText = (random: Random) =>
  random() < 0.16 ? '' : prose(random, logNormalCount(random, 39, 1, 1, 3_000));

export const commentText = (random: Random) => prose(random, logNormalCount(random, 30, 1, 1, 3_000));
