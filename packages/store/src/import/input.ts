import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type ParsedTokenInfo, Tokenizer, TokenParser } from '@streamparser/json';
import { splitLineBatches } from '@socialquery/core';
import zstd from 'zstd-napi/binding.js';
import { ImportInputError, type ReadProgress } from './types.js';
import { reasonOf } from './values.js';

/** Checks that `path` exists and is what the format reads; sets the progress total to its size (a directory's: its files' sizes). */
export async function checkInput(
  path: string,
  kind: 'file' | 'dir' | 'file-or-dir',
  progress: ReadProgress,
): Promise<'file' | 'dir'> {
  const info = await stat(path).catch(() => {
    throw new ImportInputError(`no such file or directory: ${path}`);
  });
  const found = info.isDirectory() ? 'dir' : 'file';
  if (kind !== 'file-or-dir' && kind !== found) {
    throw new ImportInputError(
      `${path} is a ${found === 'dir' ? 'directory' : 'file'}; this format reads a ${kind === 'dir' ? 'directory' : 'file'}`,
    );
  }
  if (found === 'file') progress.totalBytes += info.size;
  else
    for (const file of await readdir(path, { withFileTypes: true }))
      if (file.isFile()) progress.totalBytes += (await stat(join(path, file.name))).size;
  return found;
}

/** The files of a directory whose names match, sorted by name. */
export async function filesIn(dir: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => join(dir, e.name))
    .sort();
}

/** Streams a file's bytes, zstd-decompressed when its name ends in .zst, counting the bytes read from disk. */
export async function* readBytes(path: string, progress: ReadProgress): AsyncGenerator<Uint8Array> {
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  const counted = countBytes(stream as AsyncIterable<Buffer>, progress);
  if (!path.endsWith('.zst')) {
    yield* counted;
    return;
  }
  try {
    yield* zstdDecompressed(counted);
  } catch (error) {
    throw new ImportInputError(
      `${path}: not a valid zstd file (${error instanceof Error ? error.message : String(error)})`,
    );
  } finally {
    stream.destroy();
  }
}

async function* countBytes(chunks: AsyncIterable<Buffer>, progress: ReadProgress): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    progress.bytesRead += chunk.length;
    yield chunk;
  }
}

/** Decompressed bytes are handed on in slices of this size, so a highly compressed chunk never sits in memory whole. */
const ZSTD_OUT_SIZE = 1 << 20;

/**
 * zstd frames (one or more, as `zstd` writes them) decompressed by the native library, one output
 * slice at a time. The window may be as large as the format allows (2 GiB, `zstd --long=31`, which
 * the Pushshift and Arctic Shift dumps use): memory is bounded by the window the frame declares,
 * as with `zstd -d --long=31`.
 */
export async function* zstdDecompressed(chunks: AsyncIterable<Buffer>): AsyncGenerator<Uint8Array> {
  const context = new zstd.DCtx();
  context.setParameter(zstd.DParameter.windowLogMax, zstd.dParamGetBounds(zstd.DParameter.windowLogMax).upperBound);
  let inFrame = false;
  for await (const chunk of chunks) {
    let input: Buffer = chunk;
    for (;;) {
      const output = Buffer.allocUnsafe(ZSTD_OUT_SIZE);
      const [remaining, produced, consumed] = context.decompressStream(output, input);
      if (produced > 0) yield output.subarray(0, produced);
      input = input.subarray(consumed);
      // Done with this chunk once it is consumed and the decoder holds nothing more to flush.
      if (input.length === 0 && (produced < output.length || remaining === 0)) {
        inFrame = remaining !== 0;
        break;
      }
    }
  }
  if (inFrame) throw new Error('the file ends in the middle of a frame');
}

/**
 * Streams a file's lines (without the line break) a chunk at a time, with the 1-based number of
 * each batch's first line; memory holds one chunk and one partial line.
 */
export async function* readLineBatches(
  path: string,
  progress: ReadProgress,
): AsyncGenerator<{ first: number; lines: string[] }> {
  let first = 1;
  for await (const lines of splitLineBatches(readBytes(path, progress))) {
    yield { first, lines };
    first += lines.length;
  }
}

/** Streams a file's lines one at a time, with their 1-based numbers (readLineBatches). */
export async function* readLines(path: string, progress: ReadProgress): AsyncGenerator<{ line: number; text: string }> {
  for await (const { first, lines } of readLineBatches(path, progress))
    for (const [i, text] of lines.entries()) yield { line: first + i, text };
}

/**
 * Streams the JSON values a file holds at `path` patterns (e.g. '$' for each top-level document of
 * one or more concatenated or newline-delimited documents, '$.*' for each element of a top-level
 * array), numbered from 1. `prefix` is a JavaScript assignment to cut before the JSON (`window.YTD.tweets.part0 = `).
 */
export async function* readJsonValues(
  path: string,
  progress: ReadProgress,
  options: { paths: string[]; prefix?: RegExp },
): AsyncGenerator<{ index: number; value: unknown }> {
  const parser = streamingJsonParser(options.paths);
  const found: unknown[] = [];
  parser.values.onValue = ({ value }) => {
    found.push(value);
  };
  let index = 0;
  let first = true;
  /** Bytes of the file before what the parser reads (the prefix). */
  let skipped = 0;
  const syntaxError = async (error: unknown) =>
    jsonSyntaxError(path, await placeInBytes(path, skipped + parser.offsetOf(error)), error);
  for await (let bytes of readBytes(path, progress)) {
    if (first && options.prefix) {
      const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('utf8');
      const match = options.prefix.exec(head);
      if (!match) throw new ImportInputError(`${path}: expected it to start with ${options.prefix.source}`);
      skipped = Buffer.byteLength(match[0]);
      bytes = bytes.subarray(skipped);
    }
    first = false;
    try {
      parser.write(bytes);
    } catch (error) {
      throw await syntaxError(error);
    }
    for (const value of found.splice(0)) yield { index: ++index, value };
  }
  try {
    parser.end();
  } catch (error) {
    throw await syntaxError(error);
  }
  for (const value of found.splice(0)) yield { index: ++index, value };
}

/** The files an API-response format reads: the file itself, or a directory's .json / .ndjson / .jsonl files (optionally .zst). */
export async function responseFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  return info.isDirectory() ? filesIn(path, /\.(json|ndjson|jsonl)(\.zst)?$/) : [path];
}

/**
 * Streams every top-level JSON document (API response page) of a file or a directory's files,
 * each with where it was read ("page.json response 2"). One response is held at a time: an API
 * page is bounded (at most a few hundred items).
 */
export async function* readResponses(
  path: string,
  progress: ReadProgress,
): AsyncGenerator<{ where: string; value: unknown }> {
  for (const file of await responseFiles(path)) {
    const name = basename(file);
    for await (const { index, value } of readDocuments(file, progress))
      yield { where: `${name} response ${index}`, value };
  }
}

/** A run of 16 digits or more: an integer literal that may lie beyond 2^53, which JSON.parse would round. */
const LONG_DIGITS = /[0-9]{16}/;

/**
 * The top-level JSON documents of a file, numbered from 1, as readJsonValues(path, '$') reads them,
 * faster where the file is NDJSON (as a client saving responses writes them): each line that is a
 * whole document goes to JSON.parse, several times faster than the streaming parser. From the first
 * line that is not (a pretty-printed or concatenated file's first line, a line holding a long
 * integer, which only the streaming parser keeps exact, or a syntax error), the streaming parser
 * reads the rest of the file, so any layout reads as before.
 */
async function* readDocuments(path: string, progress: ReadProgress): AsyncGenerator<{ index: number; value: unknown }> {
  let index = 0;
  let parser: ReturnType<typeof streamingJsonParser> | undefined;
  /** The line the streaming parser starts at: it is given that line and every one after it. */
  let parsedFrom = 0;
  const found: unknown[] = [];
  const syntaxError = async (error: unknown, refusing: ReturnType<typeof streamingJsonParser>) =>
    jsonSyntaxError(path, await placeInLines(path, parsedFrom, refusing.offsetOf(error)), error);
  for await (const { first, lines } of readLineBatches(path, progress)) {
    for (const [i, text] of lines.entries()) {
      if (!parser) {
        const value = wholeDocument(text);
        if (value === BLANK) continue;
        if (value !== NOT_WHOLE) {
          yield { index: ++index, value };
          continue;
        }
        parser = streamingJsonParser(['$']);
        parsedFrom = first + i;
        parser.values.onValue = ({ value }) => {
          found.push(value);
        };
      }
      try {
        parser.write(`${text}\n`);
      } catch (error) {
        throw await syntaxError(error, parser);
      }
      for (const value of found.splice(0)) yield { index: ++index, value };
    }
  }
  if (parser)
    try {
      parser.end();
    } catch (error) {
      throw await syntaxError(error, parser);
    }
  for (const value of found.splice(0)) yield { index: ++index, value };
}

const BLANK = Symbol('blank line');
const NOT_WHOLE = Symbol('not a whole document');

/** A line's document when the line is one whole JSON document that JSON.parse reads exactly. */
function wholeDocument(text: string): unknown {
  const first = text.trimStart()[0];
  if (first === undefined) return BLANK;
  if ((first !== '{' && first !== '[') || LONG_DIGITS.test(text)) return NOT_WHOLE;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_WHOLE;
  }
}

/**
 * Keeps integers beyond 2^53 (TikTok and Twitter ids sent as JSON numbers) as their decimal text
 * instead of rounding them: the tokenizer parses each number just before it emits its token, so
 * the text set aside here replaces the value of the token that follows.
 */
class ExactIntegerTokenizer extends Tokenizer {
  private exact: string | undefined;

  protected override parseNumber(text: string): number {
    const value = Number(text);
    if (Number.isInteger(value) && !Number.isSafeInteger(value) && /^-?[0-9]+$/.test(text)) this.exact = text;
    return value;
  }

  /** The token as emitted, with an inexact integer's value replaced by its text. */
  exactToken(token: ParsedTokenInfo): ParsedTokenInfo {
    const exact = this.exact;
    if (exact === undefined) return token;
    this.exact = undefined;
    return { ...token, value: exact };
  }
}

/**
 * The library's JSONParser wiring, with the exact-integer tokenizer. `offsetOf` tells where, in
 * bytes of what was written, the input an error it threw refuses lies.
 */
function streamingJsonParser(paths: string[]) {
  const tokens = new ExactIntegerTokenizer({ separator: '' });
  const values = new TokenParser({ paths, keepStack: false, separator: '' });
  /** Where the last token began: a token the parser refuses is the one it was given last. */
  let tokenAt = 0;
  let written = 0;
  let ending = false;
  tokens.onToken = (token) => {
    tokenAt = token.offset;
    values.write(tokens.exactToken(token));
  };
  tokens.onEnd = () => {
    if (!values.isEnded) values.end();
  };
  values.onError = tokens.error.bind(tokens);
  values.onEnd = () => {
    if (!tokens.isEnded) tokens.end();
  };
  return {
    values,
    write(chunk: string | Uint8Array) {
      tokens.write(chunk);
      written += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    },
    end() {
      ending = true;
      if (!tokens.isEnded) tokens.end();
    },
    offsetOf(error: unknown): number {
      // input that ends inside a value is refused where it ends
      if (ending) return written;
      // the tokenizer names the byte it refuses (`… (absolute position "12") …`)
      const byte = TOKENIZER_POSITION.exec(reasonOf(error))?.[1];
      return byte === undefined ? tokenAt : Number(byte);
    },
  };
}

const TOKENIZER_POSITION = /absolute position "(\d+)"/;

/** A place in a text file: 1-based line and column (the column counted in characters). */
export interface TextPlace {
  line: number;
  column: number;
}

/**
 * Where a JSON text stops being valid, as an index into it (UTF-16 code units): the position
 * JSON.parse's message names (`… in JSON at position 12`), else (`Unexpected token 'x', "…" is not
 * valid JSON` names none) where the streaming parser stops. Undefined when neither says.
 */
export function jsonErrorIndex(text: string, error: unknown): number | undefined {
  const position = /at position (\d+)/.exec(reasonOf(error))?.[1];
  if (position !== undefined) return Number(position);
  const parser = streamingJsonParser(['$']);
  parser.values.onValue = () => {};
  try {
    parser.write(text);
    parser.end();
    return undefined;
  } catch (refused) {
    return Buffer.from(text).subarray(0, parser.offsetOf(refused)).toString('utf8').length;
  }
}

/** The line and column of `index` (UTF-16 code units) in `text`. */
export function placeInText(text: string, index: number): TextPlace {
  const before = text.slice(0, index);
  const start = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: [...before.slice(start)].length + 1 };
}

/** `line L, column C`. */
export const describePlace = ({ line, column }: TextPlace) => `line ${line}, column ${column}`;

/** The input error for a JSON syntax error at `place` of `path`, with the parser's reason in plain words. */
function jsonSyntaxError(path: string, place: TextPlace, error: unknown): ImportInputError {
  return new ImportInputError(`${path}: not valid JSON at ${describePlace(place)} (${syntaxReason(error)})`);
}

/** The streaming parser's message without its internal states and stream positions (the place says where). */
function syntaxReason(error: unknown): string {
  const message = reasonOf(error);
  const byte = /^Unexpected ("(?:[^"\\]|\\.)*") at chunk position/.exec(message);
  if (byte) return `unexpected ${byte[1]}`;
  const token = /^Unexpected (?:partial )?\w+ \((.*)\) in state \w+$/.exec(message);
  if (token) return `unexpected ${token[1]}`;
  if (/ended in (the middle of a token|mid-parsing)/.test(message)) return 'the input ends inside a JSON value';
  return message;
}

/** Code points in UTF-8 bytes: the bytes that do not continue a character. */
function charactersIn(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let count = 0;
  for (let i = from; i < to; i++) if ((bytes[i]! & 0xc0) !== 0x80) count += 1;
  return count;
}

/**
 * The place of byte `offset` in what the streaming parser was given by readDocuments: the file's
 * lines from `fromLine` on, each followed by one line break. Read again: only an error asks.
 */
async function placeInLines(path: string, fromLine: number, offset: number): Promise<TextPlace> {
  let at = 0;
  let place: TextPlace = { line: fromLine, column: 1 };
  for await (const { line, text } of readLines(path, { bytesRead: 0, totalBytes: 0 })) {
    if (line < fromLine) continue;
    const bytes = Buffer.from(text);
    if (offset <= at + bytes.length) return { line, column: charactersIn(bytes, 0, offset - at) + 1 };
    at += bytes.length + 1;
    place = { line, column: charactersIn(bytes) + 1 };
  }
  // past the last line: where the input ends
  return place;
}

/** The place of byte `offset` of a file (decompressed, for a .zst one). Read again: only an error asks. */
async function placeInBytes(path: string, offset: number): Promise<TextPlace> {
  let line = 1;
  let column = 1;
  let at = 0;
  for await (const chunk of readBytes(path, { bytesRead: 0, totalBytes: 0 })) {
    const end = Math.min(chunk.length, offset - at);
    for (let from = 0; from < end;) {
      const newline = chunk.indexOf(10, from);
      if (newline === -1 || newline >= end) {
        column += charactersIn(chunk, from, end);
        break;
      }
      line += 1;
      column = 1;
      from = newline + 1;
    }
    at += chunk.length;
    if (at >= offset) break;
  }
  return { line, column };
}
