import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { expressClasses } from './express-classes.js';

describe('expressClasses', () => {
  let server: Server;
  let url: string;
  const seen: { requestPrototype: boolean; responsePrototype: boolean; nodeClasses: boolean }[] = [];
  // every setPrototypeOf call, with the prototype the object had before it
  const original = Object.setPrototypeOf;
  const prototypeChanges: { before: unknown; after: unknown; httpObject: boolean }[] = [];

  beforeAll(async () => {
    const app = express();
    app.get('/things/:id', (req, res) => {
      seen.push({
        requestPrototype: Object.getPrototypeOf(req) === app.request,
        responsePrototype: Object.getPrototypeOf(res) === app.response,
        nodeClasses: req instanceof IncomingMessage && res instanceof ServerResponse,
      });
      // Express's own request and response API, from the subclasses' prototypes
      res
        .status(201)
        .set('x-seen', req.get('x-asked') ?? '')
        .json({ id: req.params.id, query: req.query, path: req.path, app: req.app === app && res.app === app });
    });
    server = createServer(expressClasses(app), app);
    Object.setPrototypeOf = (target: object, prototype: object | null) => {
      prototypeChanges.push({
        before: Object.getPrototypeOf(target),
        after: prototype,
        httpObject: target instanceof IncomingMessage || target instanceof ServerResponse,
      });
      return original(target, prototype);
    };
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    Object.setPrototypeOf = original;
    await new Promise((resolve) => server.close(resolve));
  });

  it("makes requests and responses with Express's prototypes, so Express changes no prototype, and its API works", async () => {
    prototypeChanges.length = 0;
    const res = await fetch(`${url}/things/7?a=1&b=two`, { headers: { 'x-asked': 'yes' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-seen')).toBe('yes');
    expect(await res.json()).toEqual({ id: '7', query: { a: '1', b: 'two' }, path: '/things/7', app: true });
    expect(seen).toEqual([{ requestPrototype: true, responsePrototype: true, nodeClasses: true }]);
    // Express still calls setPrototypeOf on both, with the prototype each already has
    const onHttpObjects = prototypeChanges.filter((change) => change.httpObject);
    expect(onHttpObjects.length).toBeGreaterThanOrEqual(2);
    for (const { before, after } of onHttpObjects) expect(before).toBe(after);
  });

  it('answers unknown routes with Express’s own 404', async () => {
    const res = await fetch(`${url}/nothing`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Cannot GET /nothing');
  });
});
