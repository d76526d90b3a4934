import { ErrorBody, fillPath, locateRecords, type Operation } from '@socialquery/core';
import request from 'supertest';
import type { TestService } from './harness.js';

/**
 * The cross-cutting rules every operation obeys (auth, unknown and repeated parameters,
 * limits, methods, the error body, the response schema). Each platform's test calls this
 * for each of its operations.
 */
export function describeOperationRules(
  operation: Operation,
  service: () => TestService,
  /** Arguments of a request that succeeds (read after the service started). */
  validArgs: () => { path: Record<string, string>; query?: Record<string, string> },
) {
  const url = () => fillPath(operation.path, validArgs().path);
  const credential = () =>
    operation.auth === 'bearer'
      ? { name: 'authorization', value: `Bearer ${service().token}`, wrong: ['x-api-key', service().apiKey] as const }
      : { name: 'x-api-key', value: service().apiKey, wrong: ['authorization', `Bearer ${service().token}`] as const };
  const get = (query: Record<string, string> = validArgs().query ?? {}) => {
    const c = credential();
    return request(service().app).get(url()).query(query).set(c.name, c.value);
  };
  const expectError = (res: request.Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = ErrorBody.parse(res.body);
    expect(body).toMatchObject({ statusCode: status, code });
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(ts|js):\d+|\bSELECT\b|sqlite/i);
    return body;
  };

  describe(`${operation.id} — shared rules`, () => {
    it('answers a valid request with a body that satisfies the response schema', async () => {
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(operation.response.safeParse(res.body).error).toBeUndefined();
    });

    it('refuses a request without a credential: 401 missing_credentials', async () => {
      const res = await request(service().app).get(url());
      expectError(res, 401, 'missing_credentials');
      if (operation.auth === 'bearer') expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('refuses an unknown credential: 401 invalid_credentials', async () => {
      const c = credential();
      const bogus = c.name === 'authorization' ? 'Bearer sqt_not-a-real-token' : 'sqk_not-a-real-key';
      expectError(await request(service().app).get(url()).set(c.name, bogus), 401, 'invalid_credentials');
    });

    it('refuses a credential of the other kind: 401 invalid_credentials', async () => {
      const [name, value] = credential().wrong;
      // the other kind's secret, sent in this operation's own header
      const other = name === 'x-api-key' ? `Bearer ${value}` : value.replace(/^Bearer /, '');
      expectError(await request(service().app).get(url()).set(credential().name, other), 401, 'invalid_credentials');
    });

    it('does not accept the credential in another header or the query string', async () => {
      const [name, value] = credential().wrong;
      expectError(await request(service().app).get(url()).set(name, value), 401, 'missing_credentials');
      const secret = operation.auth === 'bearer' ? service().token : service().apiKey;
      expectError(
        await request(service().app).get(url()).query({ token: secret, apiKey: secret }),
        400,
        'credentials_in_query',
      );
    });

    it('rejects an unknown parameter, naming the accepted ones: 400 unknown_parameter', async () => {
      const body = expectError(await get({ ...validArgs().query, limt: '5' }), 400, 'unknown_parameter');
      expect(body.message).toContain("'limt'");
      for (const name of Object.keys(operation.params.query?.shape ?? {})) expect(body.message).toContain(name);
      expect(body.issues).toEqual([{ path: 'limt', message: expect.any(String) }]);
    });

    it('rejects array and object query syntax', async () => {
      expectError(await get({ ...validArgs().query, 'limit[]': '1' }), 400, 'unknown_parameter');
    });

    it('answers 405 with Allow: GET for other methods', async () => {
      for (const method of ['post', 'put', 'delete', 'patch'] as const) {
        const res = await request(service().app)[method](url());
        expectError(res, 405, 'method_not_allowed');
        expect(res.headers.allow).toMatch(/^GET/);
      }
    });

    const limit = operation.params.query?.shape.limit;
    if (limit) {
      const meta = limit.meta() as { minimum: number; maximum: number; default: number };
      it(`bounds limit to ${meta.minimum}..${meta.maximum}`, async () => {
        for (const bad of ['abc', '0', '-1', '1e3', '1.5', ' 5', '0x10', '', String(meta.maximum + 1), '1000000000']) {
          const body = expectError(await get({ ...validArgs().query, limit: bad }), 400, 'invalid_parameter');
          expect(body.issues?.[0]?.path).toBe('limit');
        }
        const max = await get({ ...validArgs().query, limit: String(meta.maximum) });
        expect(max.status).toBe(200);
      });

      it('rejects a repeated parameter', async () => {
        const c = credential();
        const res = await request(service().app).get(`${url()}?limit=1&limit=2`).set(c.name, c.value);
        expect(expectError(res, 400, 'invalid_parameter').message).toContain('limit must be given once');
      });
    }

    // the `after`/`before` extension (core's timeBoundParam), wherever an operation takes it
    const shape = operation.params.query?.shape ?? {};
    if ('after' in shape && 'before' in shape) {
      /** The body without its paging token: a token is bound to the window, so it differs whenever a window is given. */
      const withoutToken = (body: Record<string, unknown>) => {
        const copy = structuredClone(body);
        for (const name of ['cursor', 'nextToken']) if (name in copy) copy[name] = '(token)';
        const pagination = copy.pagination as Record<string, unknown> | undefined;
        if (pagination && 'paginationToken' in pagination) pagination.paginationToken = '(token)';
        return copy;
      };

      it('refuses an unreadable or out-of-range after/before, naming it: 400 invalid_parameter', async () => {
        const bad = [
          'yesterday',
          '2024-02-30',
          '2024-05-01T12:00:00',
          '2024-05-01T12:00:00.1234Z',
          '-1',
          '1e9',
          '1.5',
          '253402300800',
          '1969-12-31T23:59:59Z',
          '',
        ];
        for (const name of ['after', 'before']) {
          for (const value of bad) {
            const body = expectError(await get({ ...validArgs().query, [name]: value }), 400, 'invalid_parameter');
            expect(body.issues?.[0]?.path).toBe(name);
            expect(body.message).toMatch(new RegExp(`^${name} `));
          }
        }
        const plus = expectError(
          await get({ ...validArgs().query, after: '2024-05-01T12:00:00 02:00' }),
          400,
          'invalid_parameter',
        );
        expect(plus.message).toContain('%2B');
      });

      it('refuses after >= before: 400 invalid_parameter', async () => {
        const same = expectError(
          await get({ ...validArgs().query, after: '2024-05-01', before: '1714521600' }),
          400,
          'invalid_parameter',
        );
        expect(same.message).toBe(
          'after (2024-05-01T00:00:00.000Z) must be earlier than before (2024-05-01T00:00:00.000Z)',
        );
        expect(same.issues).toEqual([{ path: 'after', message: 'must be earlier than before' }]);
        expectError(
          await get({ ...validArgs().query, after: '2024-05-02T00:00:00+02:00', before: '2024-05-01T12:00:00Z' }),
          400,
          'invalid_parameter',
        );
      });

      it('takes after/before in every form; a window that excludes nothing answers as no window', async () => {
        const plain = await get();
        expect(plain.status).toBe(200);
        const windows: Record<string, string>[] = [
          { after: '0', before: '253402300799' },
          { after: '1970-01-01', before: '9999-12-31T23:59:59.999Z' },
          { after: '1970-01-01T01:00:00+01:00' },
          { before: '9999-12-31T23:59:59-00:00' },
        ];
        for (const window of windows) {
          const res = await get({ ...validArgs().query, ...window });
          expect(res.status).toBe(200);
          expect(withoutToken(res.body as Record<string, unknown>)).toEqual(
            withoutToken(plain.body as Record<string, unknown>),
          );
        }
      });
    }

    // the `fields` extension: the records are found the way core's fields module finds them
    const records = locateRecords(operation.response);
    const [firstField] = records.fields.keys();
    const at = (body: unknown, path: readonly string[]) =>
      path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body);
    const withoutRecords = (body: unknown) => {
      const copy = structuredClone(body) as Record<string, unknown>;
      const parent = at(copy, records.path.slice(0, -1)) as Record<string, unknown>;
      parent[records.path.at(-1) ?? ''] = '(records)';
      return copy;
    };

    it(`fields=${firstField} keeps only that field of each record (${records.path.join('.') || 'the body'}) and the rest of the body as it is`, async () => {
      const full = await get();
      const trimmed = await get({ ...validArgs().query, fields: firstField ?? '' });
      expect(trimmed.status).toBe(200);
      const fullRecords = at(full.body, records.path);
      const expected = (record: unknown) =>
        record && typeof record === 'object' && firstField !== undefined && firstField in record
          ? { [firstField]: (record as Record<string, unknown>)[firstField] }
          : {};
      expect(at(trimmed.body, records.path)).toEqual(
        Array.isArray(fullRecords) ? fullRecords.map(expected) : expected(fullRecords),
      );
      if (records.path.length > 0) expect(withoutRecords(trimmed.body)).toEqual(withoutRecords(full.body));
      expect(trimmed.headers.etag).not.toBe(full.headers.etag);
    });

    it('refuses an unknown field, naming the valid ones, and a repeated or empty fields: 400 invalid_parameter', async () => {
      const unknown = expectError(
        await get({ ...validArgs().query, fields: `${firstField},nosuchfield` }),
        400,
        'invalid_parameter',
      );
      expect(unknown.message).toContain("unknown field 'nosuchfield'; valid fields: ");
      for (const name of records.fields.keys()) expect(unknown.message).toContain(name);
      expect(unknown.issues).toEqual([{ path: 'fields', message: unknown.message }]);
      expectError(await get({ ...validArgs().query, fields: `${firstField},` }), 400, 'invalid_parameter');
      const c = credential();
      const query = new URLSearchParams({ ...validArgs().query });
      const repeated = await request(service().app)
        .get(`${url()}?${query.toString()}${query.size ? '&' : ''}fields=${firstField}&fields=${firstField}`)
        .set(c.name, c.value);
      expect(expectError(repeated, 400, 'invalid_parameter').message).toContain('fields must be given once');
    });
  });
}
