import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compress } from 'zstd-napi';
import { readJsonValues, readResponses, zstdDecompressed } from './input.js';
import { ImportInputError } from './types.js';

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function decompressAll(bytes: Buffer, chunkSize = 1 << 16): Promise<{ text: string; slices: number[] }> {
  const slices: Uint8Array[] = [];
  for await (const slice of zstdDecompressed(chunksOf(bytes, chunkSize))) slices.push(slice);
  return { text: Buffer.concat(slices).toString('utf8'), slices: slices.map((s) => s.length) };
}

describe('zstdDecompressed', () => {
  it('reads concatenated frames as one stream, whatever the input chunking', async () => {
    const frames = Buffer.concat([compress(Buffer.from('{"id":"a"}\n')), compress(Buffer.from('{"id":"b"}\n'))]);
    for (const chunkSize of [1, 7, frames.length])
      expect((await decompressAll(frames, chunkSize)).text).toBe('{"id":"a"}\n{"id":"b"}\n');
  });

  it('hands a highly compressed chunk on in slices of at most 1 MiB', async () => {
    const plain = Buffer.alloc(5 * (1 << 20) + 3, 'x');
    const { text, slices } = await decompressAll(compress(plain), 1 << 20);
    expect(text.length).toBe(plain.length);
    expect(Math.max(...slices)).toBe(1 << 20);
    expect(slices.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a file that ends in the middle of a frame', async () => {
    const frame = compress(Buffer.from('x'.repeat(10_000) + 'y'.repeat(10_000)));
    await expect(decompressAll(frame.subarray(0, frame.length - 5))).rejects.toThrow(/middle of a frame/);
  });

  it('refuses bytes that are not zstd', async () => {
    await expect(decompressAll(Buffer.from('{"id":"a"}\n'))).rejects.toThrow(/unknown frame descriptor/i);
  });
});

describe('readResponses: each top-level document of a file, whatever its layout', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-read-responses-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** What readResponses yields for a file holding `text`, and what the streaming parser alone reads of it. */
  async function read(text: string) {
    const file = join(dir, 'page.json');
    writeFileSync(file, text);
    const progress = { bytesRead: 0, totalBytes: 0 };
    const responses: unknown[] = [];
    const where: string[] = [];
    for await (const response of readResponses(file, progress)) {
      responses.push(response.value);
      where.push(response.where);
    }
    const streamed: unknown[] = [];
    for await (const { value } of readJsonValues(file, { bytesRead: 0, totalBytes: 0 }, { paths: ['$'] }))
      streamed.push(value);
    return { responses, where, streamed, bytesRead: progress.bytesRead };
  }

  it('NDJSON: a document a line (blank lines between), numbered in order, the bytes counted', async () => {
    const text = '{"items":[1,2]}\n\n  {"items":[{"id":"b","v":1.5e3}]}\r\n[3]\n';
    const { responses, where, streamed, bytesRead } = await read(text);
    expect(responses).toEqual([{ items: [1, 2] }, { items: [{ id: 'b', v: 1500 }] }, [3]]);
    expect(where).toEqual(['page.json response 1', 'page.json response 2', 'page.json response 3']);
    expect(responses).toEqual(streamed);
    expect(bytesRead).toBe(Buffer.byteLength(text));
  });

  it('keeps integers beyond 2^53 exact on any line, and reads the lines after it', async () => {
    const { responses } = await read('{"id":1}\n{"id":7234567890123456789,"n":"x"}\n{"id":3}\n');
    expect(responses).toEqual([{ id: 1 }, { id: '7234567890123456789', n: 'x' }, { id: 3 }]);
  });

  it('pretty-printed, concatenated, or mixed with whole-line documents: as the streaming parser reads them', async () => {
    for (const text of [
      '{\n  "items": [\n    1\n  ]\n}\n',
      '{"a":1}{"b":2}\n{"c":3}',
      '{"a":1}\n{\n "b": {"c": [2,\n 3]}\n}\n{"d":4}\n',
      '\n\n{"a":"line\\nbreak"}',
    ]) {
      const { responses, streamed } = await read(text);
      expect(responses).toEqual(streamed);
      expect(responses.length).toBeGreaterThan(0);
    }
  });

  it('a syntax error stops the file there: the documents before it are read, then a clear input error', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"a":1}\n{"b":2}\n{"c": nope}\n{"d":4}\n');
    const read: unknown[] = [];
    const attempt = (async () => {
      for await (const { value } of readResponses(file, { bytesRead: 0, totalBytes: 0 })) read.push(value);
    })();
    await expect(attempt).rejects.toThrow(ImportInputError);
    await expect(attempt).rejects.toThrow(/broken\.json: not valid JSON/);
    expect(read).toEqual([{ a: 1 }, { b: 2 }]);
  });
});
