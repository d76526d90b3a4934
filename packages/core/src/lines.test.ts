import { splitLineBatches, splitLines } from './lines.js';

async function lines(...chunks: string[]): Promise<string[]> {
  async function* stream() {
    for (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
  }
  const found: string[] = [];
  for await (const line of splitLines(stream())) found.push(line);
  return found;
}

describe('splitLines', () => {
  it('yields each line without its break, empty lines included, and a last line without one', async () => {
    expect(await lines('a\n\nb\r\nc')).toEqual(['a', '', 'b', 'c']);
  });

  it('joins a line cut across chunks, and a character cut between its bytes', async () => {
    const snowman = Buffer.from('☃', 'utf8');
    async function* stream() {
      yield Buffer.from('x');
      yield Buffer.concat([Buffer.from('y'), snowman.subarray(0, 1)]);
      yield Buffer.concat([snowman.subarray(1), Buffer.from('\nz\n')]);
    }
    const found: string[] = [];
    for await (const line of splitLines(stream())) found.push(line);
    expect(found).toEqual(['xy☃', 'z']);
  });

  it('yields nothing for an empty stream and no empty line after a final break', async () => {
    expect(await lines()).toEqual([]);
    expect(await lines('a\n')).toEqual(['a']);
  });

  it('keeps a partial line even when the stream reuses its chunk memory', async () => {
    const shared = Buffer.alloc(2);
    async function* stream() {
      shared.write('ab');
      yield shared;
      shared.write('c\n');
      yield shared;
    }
    const found: string[] = [];
    for await (const line of splitLines(stream())) found.push(line);
    expect(found).toEqual(['abc']);
  });
});

describe('splitLineBatches', () => {
  it('gives the lines of each chunk as one array, none for a chunk without a line end', async () => {
    async function* stream() {
      yield Buffer.from('a\nb\nc');
      yield Buffer.from('c');
      yield Buffer.from('c\r\n\nd');
    }
    const batches: string[][] = [];
    for await (const batch of splitLineBatches(stream())) batches.push(batch);
    expect(batches).toEqual([['a', 'b'], ['ccc', ''], ['d']]);
  });
});
