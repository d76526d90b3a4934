import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compress } from 'zstd-napi';
import { jsonErrorIndex, placeInText, readJsonValues, readResponses, zstdDecompressed } from './input.js';
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

  /** The error reading `text` as responses (readResponses) ends in, and the documents read before it. */
  async function broken(text: string | Buffer, name = 'broken.json') {
    const file = join(dir, name);
    writeFileSync(file, text);
    const read: unknown[] = [];
    const error = await (async () => {
      for await (const { value } of readResponses(file, { bytesRead: 0, totalBytes: 0 })) read.push(value);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportInputError);
    return { message: error instanceof Error ? error.message.replace(`${dir}/`, '') : '', read };
  }

  it('a syntax error stops the file there: the documents before it are read, then an input error naming its line and column', async () => {
    expect(await broken('{"a":1}\n{"b":2}\n{"c": nope}\n{"d":4}\n')).toEqual({
      message: 'broken.json: not valid JSON at line 3, column 8 (unexpected "o")',
      read: [{ a: 1 }, { b: 2 }],
    });
  });

  it('names the place in a pretty-printed document, after wide characters, and where input ends inside a value', async () => {
    const pretty = '{\n  "items": [\n    {"t": "日本 🎉", "n": 1},\n    {"t": "x" "n": 2}\n  ]\n}\n';
    expect((await broken(pretty)).message).toBe('broken.json: not valid JSON at line 4, column 15 (unexpected "n")');
    expect((await broken('{"a":1}\n{"t": "naïve", "n": 1 ]\n')).message).toBe(
      'broken.json: not valid JSON at line 2, column 23 (unexpected "]")',
    );
    expect((await broken('{"a":1}\r\n{"b":\r\n  [1, 2\r\n')).message).toBe(
      'broken.json: not valid JSON at line 3, column 8 (the input ends inside a JSON value)',
    );
    // compressed: the place in the decompressed text
    expect((await broken(compress(Buffer.from(pretty)), 'broken.json.zst')).message).toBe(
      'broken.json.zst: not valid JSON at line 4, column 15 (unexpected "n")',
    );
  });
});

describe('readJsonValues: a syntax error names its line and column in the file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-read-values-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function refusal(text: string, options: { paths: string[]; prefix?: RegExp }) {
    const file = join(dir, 'data.js');
    writeFileSync(file, text);
    const read: unknown[] = [];
    const error = await (async () => {
      for await (const { value } of readJsonValues(file, { bytesRead: 0, totalBytes: 0 }, options)) read.push(value);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportInputError);
    return { message: error instanceof Error ? error.message.replace(`${dir}/`, '') : '', read };
  }

  it('after a prefix cut before the JSON (tweets.js), and past a read chunk', async () => {
    const prefix = /^window\.YTD\.tweets\.part0 = /;
    const text = `window.YTD.tweets.part0 = [\n  {"id": "1"},\n  {"id": "2" "x": 1}\n]\n`;
    expect(await refusal(text, { paths: ['$.*'], prefix })).toEqual({
      message: 'data.js: not valid JSON at line 3, column 14 (unexpected "x")',
      // values are handed on a read chunk at a time: this one chunk's never are
      read: [],
    });
    // the error past the first 1 MiB chunk read (a long line of valid elements first)
    const long = `[${Array.from({ length: 100_000 }, (_, i) => `{"n": ${i}}`).join(', ')},\n {"n": tru}]`;
    const { message, read } = await refusal(long, { paths: ['$.*'] });
    expect(message).toBe('data.js: not valid JSON at line 2, column 11 (unexpected "}")');
    expect(read.length).toBeGreaterThan(0);
    expect((await refusal('{"Post": {"Posts": {"VideoList": [', { paths: ['$.Post'] })).message).toBe(
      'data.js: not valid JSON at line 1, column 35 (the input ends inside a JSON value)',
    );
  });
});

describe('jsonErrorIndex: where JSON.parse refused a text', () => {
  const placeOf = (text: string) => {
    try {
      JSON.parse(text);
    } catch (error) {
      const index = jsonErrorIndex(text, error);
      return index === undefined ? undefined : placeInText(text, index);
    }
    return undefined;
  };

  it("from its message's position, or from the streaming parser where the message names none", () => {
    // `Expected ':' after property name in JSON at position 5`
    expect(placeOf('{"a" "b"}')).toEqual({ line: 1, column: 6 });
    // `Unexpected token 'x', "{"é": x}" is not valid JSON`: no position
    expect(placeOf('{"é": x}')).toEqual({ line: 1, column: 7 });
    expect(placeOf('[\n  1,\n  🎉 2\n]')).toEqual({ line: 3, column: 3 });
    expect(placeOf('{"a": 1')).toEqual({ line: 1, column: 8 });
    expect(placeOf('{"a": 1}')).toBeUndefined();
  });
});
