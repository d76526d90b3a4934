/**
 * The lines of a byte stream, without their line break (`\n` or `\r\n`), empty ones included;
 * memory holds one chunk and one partial line. The NDJSON reader of the client (transport.ts) and
 * the store's importers both read lines through it.
 */
export async function* splitLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let carry: Buffer | undefined;
  for await (const bytes of chunks) {
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      let text: string;
      if (carry) {
        text = Buffer.concat([carry, chunk.subarray(start, end)]).toString('utf8');
        carry = undefined;
      } else text = chunk.toString('utf8', start, end);
      yield text.endsWith('\r') ? text.slice(0, -1) : text;
      start = end + 1;
    }
    // a copy: the stream may reuse the chunk's memory for the next one
    if (start < chunk.length)
      carry = carry ? Buffer.concat([carry, chunk.subarray(start)]) : Buffer.from(chunk.subarray(start));
  }
  if (carry && carry.length > 0) yield carry.toString('utf8');
}
