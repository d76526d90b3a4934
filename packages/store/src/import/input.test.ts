import { compress } from 'zstd-napi';
import { zstdDecompressed } from './input.js';

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
