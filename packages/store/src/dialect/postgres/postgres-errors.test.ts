import { isPostgresUnavailable } from './postgres-errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isPostgresUnavailable', () => {
  it('treats an unreachable or restarting server, pool timeouts and statement timeouts as unavailable', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('08006'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
    ]) {
      expect(isPostgresUnavailable(error)).toBe(true);
    }
  });

  it('leaves query bugs alone', () => {
    expect(isPostgresUnavailable(withCode('42601', 'syntax error at or near "SELEC"'))).toBe(false);
    expect(isPostgresUnavailable(withCode('23505', 'duplicate key value'))).toBe(false);
    expect(isPostgresUnavailable('ECONNREFUSED')).toBe(false);
  });
});
