import { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';

/**
 * Request and response classes for the service's HTTP server, made once per app, whose instances
 * are Express's request and response from birth.
 *
 * Express gives every request and response its own prototype (`app.request`, `app.response`) with
 * `Object.setPrototypeOf` when it starts handling them. Changing the prototype of an object after it
 * was made gives it a hidden class of its own and leaves it, and the code that touches it (Node's
 * response writing included), on V8's slow paths; it also kept ~7 KB a request alive past young
 * collections. Measured on a minimal Express 5 app (one route, 10 connections): 14,800 → 78,900
 * requests/s, against 86,800 for bare node:http; promoted memory ~7 KB → 0 a request
 * (BENCHMARKS.md, "Express's prototypes"). So the server makes its requests and responses as
 * instances of subclasses of Node's classes whose prototypes hold Express's methods and accessors,
 * and these prototypes become `app.request` / `app.response`: Express's `setPrototypeOf` then finds
 * the prototype it would set already in place and changes nothing.
 */
export function expressClasses(app: Express): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  const Request = class Subclass extends IncomingMessage {};
  const Response = class Subclass<Req extends IncomingMessage = IncomingMessage> extends ServerResponse<Req> {};
  takePrototypeOf(Request, IncomingMessage, app.request);
  takePrototypeOf(Response, ServerResponse, app.response);
  app.request = Request.prototype as Express['request'];
  app.response = Response.prototype as Express['response'];
  return { IncomingMessage: Request, ServerResponse: Response };
}

/** Gives `subclass` of `base` every property of `prototype`'s chain above `base.prototype`. */
function takePrototypeOf(subclass: { prototype: object }, base: { prototype: object }, prototype: object): void {
  const layers: object[] = [];
  for (
    let layer: object | null = prototype;
    layer && layer !== base.prototype;
    layer = Object.getPrototypeOf(layer) as object | null
  )
    layers.unshift(layer);
  for (const layer of layers) Object.defineProperties(subclass.prototype, Object.getOwnPropertyDescriptors(layer));
}
