import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { contextOf } from './request-context.js';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A well-formed `x-request-id` from a proxy is kept (to trace across hops); otherwise a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** Every response carries `x-request-id`. */
export const requestId: RequestHandler = (req, res, next) => {
  const id = (req as IncomingMessage & { id?: unknown }).id;
  const context = contextOf(res);
  context.requestId = typeof id === 'string' ? id : requestIdFor(req);
  res.setHeader('x-request-id', context.requestId);
  next();
};
