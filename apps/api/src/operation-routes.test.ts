import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { operationRoutes } from './operation-routes.js';

/** Answers the route's name and the parameters it was given. */
const answer =
  (name: string): RequestHandler =>
  (req, res) =>
    void res.json({ name, params: req.params });

const notAllowed: RequestHandler = (req, res) => void res.status(405).json({ method: req.method });

function appWith(routes: Parameters<typeof operationRoutes>[0]) {
  const app = express();
  app.use(operationRoutes(routes, notAllowed));
  app.use((req, res) => void res.status(404).json({ unmatched: req.path }));
  app.use(
    ((error, _req, res, _next) =>
      void res
        .status((error as { status?: number }).status ?? 500)
        .json({ error: (error as Error).message })) as express.ErrorRequestHandler,
  );
  return app;
}

describe('operationRoutes', () => {
  const app = appWith([
    { path: '/api/v1/forum/posts', handlers: [answer('posts')] },
    { path: '/api/v1/forum/community/:community/posts', handlers: [answer('community')] },
    { path: '/api/v1/forum/user/:username/posts', handlers: [answer('user')] },
  ]);

  it('finds static paths and paths with parameters as Express does: case-insensitive, one trailing slash optional', async () => {
    expect((await request(app).get('/api/v1/forum/posts')).body).toEqual({ name: 'posts', params: {} });
    expect((await request(app).get('/API/V1/Forum/Posts/')).body).toEqual({ name: 'posts', params: {} });
    expect((await request(app).get('/api/v1/forum/user/Ana/posts/?x=1')).body).toEqual({
      name: 'user',
      params: { username: 'Ana' },
    });
    expect((await request(app).get('/api/v1/forum/posts//')).body).toEqual({ unmatched: '/api/v1/forum/posts//' });
    expect((await request(app).get('/api/v1/forum/posts/more')).status).toBe(404);
  });

  it('percent-decodes parameters, an encoded slash staying inside one; a malformed encoding is a 400 error', async () => {
    expect((await request(app).get('/api/v1/forum/community/a%2Fb%20c/posts')).body.params).toEqual({
      community: 'a/b c',
    });
    const malformed = await request(app).get('/api/v1/forum/community/%E0%A4%A/posts');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("Failed to decode param '%E0%A4%A'");
  });

  it('runs GET and HEAD through the handlers, and any other method on a known path to the other-method handler', async () => {
    expect((await request(app).head('/api/v1/forum/posts')).status).toBe(200);
    const posted = await request(app).post('/api/v1/forum/community/x/posts');
    expect([posted.status, posted.body]).toEqual([405, { method: 'POST' }]);
    expect((await request(app).post('/api/v1/nowhere')).status).toBe(404);
  });

  it("runs a route's handlers in order; an error passed on, thrown or rejected reaches the error handler and stops the chain", async () => {
    const seen: string[] = [];
    const step =
      (name: string): RequestHandler =>
      (_req, _res, next) => {
        seen.push(name);
        next();
      };
    const chained = appWith([
      { path: '/ok', handlers: [step('a'), step('b'), answer('ok')] },
      { path: '/passed', handlers: [(_req, _res, next) => next(new Error('passed on')), step('never')] },
      {
        path: '/thrown',
        handlers: [
          () => {
            throw new Error('thrown');
          },
        ],
      },
      { path: '/rejected', handlers: [async () => Promise.reject(new Error('rejected')), step('never')] },
      { path: '/fell-through', handlers: [step('last')] },
    ]);
    expect((await request(chained).get('/ok')).body.name).toBe('ok');
    expect(seen).toEqual(['a', 'b']);
    for (const [path, message] of [
      ['/passed', 'passed on'],
      ['/thrown', 'thrown'],
      ['/rejected', 'rejected'],
    ]) {
      const res = await request(chained).get(path!);
      expect([res.status, res.body.error]).toEqual([500, message]);
    }
    expect(seen).not.toContain('never');
    // a chain that ends without answering goes on to the next middleware, as a route does
    expect((await request(chained).get('/fell-through')).body).toEqual({ unmatched: '/fell-through' });
  });

  it("lists the paths it serves, for whoever lists the app's routes", () => {
    const dispatch = operationRoutes(
      [
        { path: '/a/:b', handlers: [] },
        { path: '/c', handlers: [] },
      ],
      notAllowed,
    );
    expect(dispatch.paths).toEqual(['/a/:b', '/c']);
  });

  it('refuses, at mount, two routes on one path and a static path a route with parameters also matches', () => {
    expect(() =>
      operationRoutes(
        [
          { path: '/a/b', handlers: [] },
          { path: '/A/b/', handlers: [] },
        ],
        notAllowed,
      ),
    ).toThrow('two operations on /A/b/');
    expect(() =>
      operationRoutes(
        [
          { path: '/user/:name', handlers: [] },
          { path: '/user/me', handlers: [] },
        ],
        notAllowed,
      ),
    ).toThrow('/user/me is also matched by a route with parameters');
  });
});
