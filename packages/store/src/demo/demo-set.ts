import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface DemoLoadOptions {
  now: Date;
  scale: number;
  /** Called after each written batch with its row count. */
  onRows: (count: number) => void;
}

/** One platform's deterministic demo data: how many rows it writes, and how. */
export interface DemoSet {
  name: string;
  /** Whether the set takes a fractional scale (a smaller data set: the first start's demo, tests); others take positive integers. */
  fractionalScale?: boolean;
  /** Rows `load` writes at this scale (for progress). */
  size(scale: number): number;
  /** Upserts every row (idempotent); returns the number written. */
  load(db: Kysely<Database>, options: DemoLoadOptions): Promise<number>;
}
