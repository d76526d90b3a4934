import type { Kysely } from 'kysely';
import { seedDemoObservations } from './demo/observations.js';
import type { DemoSet } from './demo/demo-set.js';
import { storePlatforms } from './platforms/index.js';
import type { Database } from './schema.js';

/** Every platform's demo data set, seeded in the platforms' order. */
export const demoSets: readonly DemoSet[] = storePlatforms.map((platform) => platform.demo);

export interface SeedOptions {
  /** Multiplies the volume; 1 is the default demo, 100 ≈ 1 M forum posts. */
  scale?: number;
  /**
   * Scales of single sets, replacing `scale` for them (`{ music: 0.1 }`: a tenth of the music
   * catalog, as the test stores seed it). Sets that take fractions say so (`fractionalScale`).
   */
  scales?: Readonly<Record<string, number>>;
  /** The moment the demo's timestamps are relative to. */
  now?: Date;
  /** Seed only these platforms' sets (default: all). Tests use it to seed what they read. */
  only?: readonly string[];
  /** Rows written so far, of all sets together. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedReport {
  /** Rows written per platform. */
  rows: Record<string, number>;
  ms: number;
}

/**
 * The demo a new service seeds on its first start (`socialquery-api --demo-if-empty`): every set at
 * scale 1 but the three largest, the forum and the video platform at a tenth and the music catalog
 * at a fiftieth (23 k of its 1.22 M rows), so that a first try takes seconds and tens of MB (160 k
 * rows, 83 MB) instead of a minute and 720 MB; `--full-demo` seeds every set at scale 1.
 */
export const FIRST_RUN_DEMO_SCALES: Readonly<Record<string, number>> = Object.freeze({
  forum: 0.1,
  video: 0.1,
  music: 0.02,
});

/** The sets a seed writes, each with its scale (checked), in the platforms' order. */
function plannedSets(options: SeedOptions): { set: DemoSet; scale: number }[] {
  const scale = options.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1) throw new Error('scale must be a positive integer');
  const unknown = [...(options.only ?? []), ...Object.keys(options.scales ?? {})].filter(
    (name) => !demoSets.some((set) => set.name === name),
  );
  if (unknown.length > 0) throw new Error(`no demo data set named ${unknown.join(', ')}`);
  return demoSets
    .filter((set) => !options.only || options.only.includes(set.name))
    .map((set) => {
      const own = options.scales?.[set.name] ?? scale;
      const valid = set.fractionalScale ? Number.isFinite(own) && own > 0 : Number.isInteger(own) && own >= 1;
      if (!valid)
        throw new Error(
          `the ${set.name} scale must be ${set.fractionalScale ? 'a positive number' : 'a positive integer'}`,
        );
      return { set, scale: own };
    });
}

/** Rows a seed with these options writes, per set (what its progress counts to). */
export function demoSize(options: Omit<SeedOptions, 'now' | 'onProgress'> = {}): Record<string, number> {
  return Object.fromEntries(plannedSets(options).map(({ set, scale }) => [set.name, set.size(scale)]));
}

/**
 * Fills the store with the deterministic demo data of every platform. Idempotent: rows are
 * upserted by key, so a second run refreshes timestamps relative to its `now` and adds nothing.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedReport> {
  const planned = plannedSets(options);
  const now = options.now ?? new Date();
  const started = performance.now();
  const total = planned.reduce((sum, { set, scale }) => sum + set.size(scale), 0);
  let done = 0;
  options.onProgress?.(0, total);
  const rows: Record<string, number> = {};
  for (const { set, scale } of planned) {
    rows[set.name] = await set.load(db, {
      now,
      scale,
      onRows: (count) => options.onProgress?.((done += count), total),
    });
  }
  await seedDemoObservations(
    db,
    planned.map(({ set }) => set.name),
    now,
  );
  return { rows, ms: Math.round(performance.now() - started) };
}

/**
 * `music=0.1,forum=2` → `{ music: 0.1, forum: 2 }`, the per-set scales of `SOCIALQUERY_DEMO_SCALES`
 * and `cli seed --scales`. Names and ranges are checked against the sets by `seedDemo`.
 */
export function parseDemoScales(text: string): Record<string, number> {
  const scales: Record<string, number> = {};
  for (const part of text.split(',')) {
    const match = /^\s*([a-z]+)\s*=\s*([0-9]+(?:\.[0-9]+)?)\s*$/.exec(part);
    if (!match)
      throw new Error(
        `'${part}' is not <set>=<scale> (e.g. music=0.1); sets: ${demoSets.map((set) => set.name).join(', ')}`,
      );
    const [, name = '', value = ''] = match;
    if (!demoSets.some((set) => set.name === name))
      throw new Error(`no demo data set named ${name}; sets: ${demoSets.map((set) => set.name).join(', ')}`);
    scales[name] = Number(value);
  }
  return scales;
}
