import type { ImportItem, ImportPrune, ImportRow, ImportTable } from './types.js';

/**
 * Mapped items crossing from the reading worker to the writing thread. Structured cloning of
 * item objects costs more than parsing the source did (measured: 13 s per million Reddit rows), so a
 * batch travels flat: every string value is appended to one text (a string is copied once, and
 * the receiver takes each value as a slice of it, without copying), numbers go in a Float64Array,
 * and the shape of each row (table, columns, updated columns) is a number into a dictionary the
 * receiver keeps.
 */
export interface EncodedBatch {
  /** Row shapes first seen in this batch, in shape-number order. */
  shapes: RowShape[];
  /** Every string value, concatenated. */
  text: string;
  /** Per value: its kind (see Kind). */
  kinds: Uint8Array;
  /** Per value: the number, or for a string the end offset of its text. */
  numbers: Float64Array;
  /** Prunes by item index (rare: JSON). */
  prunes: string;
  items: number;
}

export interface RowShape {
  table: ImportTable;
  columns: string[];
  update: string[] | null;
}

const enum Kind {
  Number = 0,
  String = 1,
  Null = 2,
  /** Any other value (boolean, nested): its JSON as a string value. */
  Json = 3,
}
/** Markers that start an item, as the first value's kind with the count in `numbers`. */
const ITEM_ROWS = 10;
const ITEM_ERROR = 11;

export class BatchEncoder {
  private readonly shapeIds = new Map<string, number>();
  /** The last shape of each table, checked first (rows of a table mostly share one). */
  private readonly lastShape = new Map<ImportTable, { columns: string[]; update: readonly string[] | undefined; id: number }>();
  private newShapes: RowShape[] = [];
  private parts: string[] = [];
  private textLength = 0;
  private kinds = new Uint8Array(1 << 16);
  private numbers = new Float64Array(1 << 16);
  private values = 0;
  private prunes: [number, ImportPrune[]][] = [];
  items = 0;

  /** Characters of string values held: a batch is sent once it is large enough. */
  get size(): number {
    return this.textLength + this.values * 8;
  }

  private push(kind: number, number: number) {
    if (this.values === this.kinds.length) {
      const kinds = new Uint8Array(this.kinds.length * 2);
      kinds.set(this.kinds);
      this.kinds = kinds;
      const numbers = new Float64Array(this.numbers.length * 2);
      numbers.set(this.numbers);
      this.numbers = numbers;
    }
    this.kinds[this.values] = kind;
    this.numbers[this.values++] = number;
  }

  private string(value: string) {
    this.parts.push(value);
    this.textLength += value.length;
    this.push(Kind.String, this.textLength);
  }

  private value(value: unknown) {
    if (typeof value === 'number') this.push(Kind.Number, value);
    else if (typeof value === 'string') this.string(value);
    else if (value === null || value === undefined) this.push(Kind.Null, 0);
    else {
      const json = JSON.stringify(value);
      this.parts.push(json);
      this.textLength += json.length;
      this.push(Kind.Json, this.textLength);
    }
  }

  private shape(row: ImportRow, columns: string[]): number {
    const last = this.lastShape.get(row.table);
    if (last && sameList(last.columns, columns) && (last.update === row.update || (last.update && row.update && sameList(last.update, row.update)))) return last.id;
    const id = this.shapeOf(row, columns);
    this.lastShape.set(row.table, { columns, update: row.update, id });
    return id;
  }

  private shapeOf(row: ImportRow, columns: string[]): number {
    const key = `${row.table}\u0000${columns.join(',')}\u0000${row.update?.join(',') ?? '*'}`;
    let id = this.shapeIds.get(key);
    if (id === undefined) {
      id = this.shapeIds.size;
      this.shapeIds.set(key, id);
      this.newShapes.push({ table: row.table, columns, update: row.update ? [...row.update] : null });
    }
    return id;
  }

  add(item: ImportItem) {
    if ('error' in item) {
      this.push(ITEM_ERROR, 0);
      this.string(item.location);
      this.string(item.error);
    } else {
      this.push(ITEM_ROWS, item.rows.length);
      this.string(item.location);
      for (const row of item.rows) {
        const values = row.values as unknown as Record<string, unknown>;
        const columns = Object.keys(values);
        this.push(Kind.Number, this.shape(row, columns));
        for (const column of columns) this.value(values[column]);
      }
      if (item.prune) this.prunes.push([this.items, item.prune]);
    }
    this.items += 1;
  }

  /** The batch so far (its buffers are the caller's to transfer), and a fresh one begun. */
  take(): EncodedBatch {
    const batch: EncodedBatch = {
      shapes: this.newShapes,
      text: this.parts.join(''),
      kinds: this.kinds.slice(0, this.values),
      numbers: this.numbers.slice(0, this.values),
      prunes: this.prunes.length > 0 ? JSON.stringify(this.prunes) : '',
      items: this.items,
    };
    this.newShapes = [];
    this.parts = [];
    this.textLength = 0;
    this.values = 0;
    this.prunes = [];
    this.items = 0;
    return batch;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class BatchDecoder {
  private readonly shapes: RowShape[] = [];

  *decode(batch: EncodedBatch): Generator<ImportItem> {
    this.shapes.push(...batch.shapes);
    const { text, kinds, numbers } = batch;
    const prunes = new Map<number, ImportPrune[]>(batch.prunes ? (JSON.parse(batch.prunes) as [number, ImportPrune[]][]) : []);
    let at = 0;
    let textAt = 0;
    const next = (): unknown => {
      const kind = kinds[at];
      const number = numbers[at++]!;
      if (kind === Kind.Number) return number;
      if (kind === Kind.Null) return null;
      const value = text.slice(textAt, number);
      textAt = number;
      return kind === Kind.Json ? JSON.parse(value) : value;
    };
    for (let item = 0; item < batch.items; item++) {
      const marker = kinds[at];
      const count = numbers[at++]!;
      if (marker === ITEM_ERROR) {
        const location = next() as string;
        yield { location, error: next() as string };
        continue;
      }
      const location = next() as string;
      const rows: ImportRow[] = [];
      for (let r = 0; r < count; r++) {
        const shape = this.shapes[numbers[at++]!]!;
        const values: Record<string, unknown> = {};
        for (const column of shape.columns) values[column] = next();
        rows.push(shape.update ? { table: shape.table, values: values as never, update: shape.update } : { table: shape.table, values: values as never });
      }
      const prune = prunes.get(item);
      yield prune ? { location, rows, prune } : { location, rows };
    }
  }
}
