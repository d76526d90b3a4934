import { createCursorCodec } from '@socialquery/core/server';
import { videoContract } from '@socialquery/video';
import { encodedHere } from './export-batches.js';

describe('encodedHere', () => {
  const ctx = { now: new Date(0), cursors: createCursorCodec('test-secret-0123456789'), requestId: 'r' };
  const records = [
    { videoId: 'a', title: 'Crème brûlée, «vite»' },
    { videoId: 'b', title: 'second' },
  ];
  const batches = encodedHere(videoContract.search, async function* () {
    yield records;
    yield [];
  });

  it('yields each batch as UTF-8 bytes that own their whole buffer, so a thread can hand them over', async () => {
    const iterator = batches({ params: {}, ctx, format: 'ndjson', selection: undefined });
    const first = await iterator.next();
    if (first.done) throw new Error('no first batch');
    const { bytes, rows } = first.value;
    expect(rows).toBe(2);
    // a slice of Node's shared Buffer pool would take the pool with it when transferred
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(new TextDecoder().decode(bytes)).toBe(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    const empty = await iterator.next();
    expect(empty.value).toEqual({ bytes: new Uint8Array(0), rows: 0 });
    expect((await iterator.next()).done).toBe(true);
  });
});

describe('encodedHere with pages joined', () => {
  const ctx = { now: new Date(0), cursors: createCursorCodec('test-secret-0123456789'), requestId: 'r' };
  const page = (from: number) => Array.from({ length: 10 }, (_, i) => ({ videoId: `v${from + i}`, title: 't' }));
  const line = (n: number) => `${JSON.stringify({ videoId: `v${n}`, title: 't' })}\n`;

  it('joins pages into batches of at least the given text, the last one holding what is left', async () => {
    const pages = [page(0), page(10), [], page(20), page(30), page(40)];
    const pageChars = page(0).reduce((sum, _, i) => sum + line(i).length, 0);
    const batches = encodedHere(
      videoContract.search,
      async function* () {
        yield* pages;
      },
      pageChars * 2,
    );
    const got: { text: string; rows: number }[] = [];
    const iterator = batches({ params: {}, ctx, format: 'ndjson', selection: undefined });
    for (let step = await iterator.next(); !step.done; step = await iterator.next())
      got.push({ text: new TextDecoder().decode(step.value.bytes), rows: step.value.rows });
    expect(got.map(({ rows }) => rows)).toEqual([20, 20, 10]);
    expect(got.map(({ text }) => text).join('')).toBe(Array.from({ length: 50 }, (_, n) => line(n)).join(''));
  });
});

describe('encodedHere as CSV', () => {
  const ctx = { now: new Date(0), cursors: createCursorCodec('test-secret-0123456789'), requestId: 'r' };
  const texts = async (pages: Record<string, unknown>[][]) => {
    const batches = encodedHere(videoContract.search, async function* () {
      yield* pages;
    });
    const iterator = batches({ params: {}, ctx, format: 'csv', selection: undefined });
    const got: string[] = [];
    for (let step = await iterator.next(); !step.done; step = await iterator.next())
      got.push(new TextDecoder().decode(step.value.bytes));
    return got;
  };

  it('sends the header row with the first batch, and alone when there is no record', async () => {
    const [first, second, ...rest] = await texts([[{ videoId: 'a' }], [{ videoId: 'b' }]]);
    const header = first!.split('\r\n')[0]!;
    expect(header.split(',')).toContain('videoId');
    expect(first!.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(second!.startsWith(header)).toBe(false);
    expect(rest).toEqual([]);
    expect(await texts([])).toEqual([`${header}\r\n`]);
  });
});
