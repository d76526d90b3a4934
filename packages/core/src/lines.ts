/**
 * The lines of a byte stream, without their line break (`\n` or `\r\n`), empty ones included,
 * one array per chunk read (a chunk without a line end gives none); memory holds one chunk and
 * one partial line. A reader of millions of lines (the store's NDJSON importer) takes them a
 * chunk at a time, which spares an await per line.
 */
export async function* splitLineBatches(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  let carry: Buffer | undefined;
  for await (const bytes of chunks) {
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      let text: string;
      if (carry) {
        text = Buffer.concat([carry, chunk.subarray(start, end)]).toString('utf8');
        carry = undefined;
      } else text = chunk.toString('utf8', start, end);
      lines.push(text.endsWith('\r') ? text.slice(0, -1) : text);
      start = end + 1;
    }
    // a copy: the stream may reuse the chunk's memory for the next one
    if (start < chunk.length)
      carry = carry ? Buffer.concat([carry, chunk.subarray(start)]) : Buffer.from(chunk.subarray(start));
    if (lines.length > 0) yield lines;
  }
  if (carry && carry.length > 0) yield [carry.toString('utf8')];
}

/** The lines of a byte stream one at a time (splitLineBatches): the NDJSON reader of the client (transport.ts) and the store's importers read through it. */
export async function* splitLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  for await (const lines of splitLineBatches(chunks)) yield* lines;
}
