import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorBody, type ErrorCode, errorCodes, statusTitles } from '@socialquery/core';
import type { Logger } from 'pino';
import { MAX_URL_LENGTH, securityHeaderList } from './security.js';

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/**
 * Node answers requests it cannot parse (headers over 16 KB, a broken request line, a request that
 * arrives too slowly) itself, with an empty non-JSON body. Once a `clientError` listener exists it
 * writes nothing, so this one writes the one error body: 414 when the request line alone is too
 * long, 431 for too-large headers, 408 for a request timeout, 400 otherwise. The raw request is
 * never logged (it may carry a credential).
 */
export function answerClientErrors(server: Server, logger: Logger) {
  const securityHeaders = securityHeaderList();
  server.on('clientError', (error: ClientError, socket: Duplex) => {
    const response = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    const [code, message] = classify(error);
    const status = errorCodes[code].status;
    const requestId = randomUUID();
    const body: ErrorBody = { statusCode: status, error: statusTitles[status] ?? 'Error', code, message, requestId };
    const json = JSON.stringify(body);
    const head = [
      `HTTP/1.1 ${status} ${statusTitles[status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      'Connection: close',
      `x-request-id: ${requestId}`,
      ...securityHeaders.map(([name, value]) => `${name}: ${value}`),
    ];
    logger.info({ requestId, status, code, parserError: error.code }, 'unreadable request refused');
    socket.end(`${head.join('\r\n')}\r\n\r\n${json}`);
  });
}

function classify(error: ClientError): [ErrorCode, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return requestLineTooLong(error.rawPacket)
      ? ['uri_too_long', `the request target is longer than ${MAX_URL_LENGTH} characters`]
      : ['headers_too_large', 'the request headers are too large'];
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request_timeout', 'the request did not arrive in time'];
  return ['invalid_request', 'the request could not be read (malformed request line or header)'];
}

/** Whether the bytes the parser choked on begin with a request line longer than MAX_URL_LENGTH (or not ended at all). */
function requestLineTooLong(packet: Buffer | undefined): boolean {
  if (!packet || !/^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return end === -1 || end > MAX_URL_LENGTH;
}
