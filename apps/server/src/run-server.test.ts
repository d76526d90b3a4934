import { adminInvocation, runServer } from './run-server.js';

/** Runs `socialquery-server` in-process on arguments that end without starting anything; what it printed. */
async function outcome(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (text: string) => void out.push(text),
    err: (text: string) => void err.push(text),
    interactive: false,
  };
  return { code: await runServer(argv, io), out: out.join('\n'), err: err.join('\n') };
}

describe('socialquery-server', () => {
  it.each([['--help'], ['-h'], ['help'], ['start', '--help']])(
    '%s prints the usage: start, the admin commands, the environment',
    async (...argv) => {
      const { code, out } = await outcome(argv);
      expect(code).toBe(0);
      expect(out).toMatch(/^Usage: socialquery-server \[start\] \[--no-demo\] \[--full-demo\]/);
      expect(out).toContain('seed, keys, examples, migrate, migrate-store, import, export, reindex');
      expect(out).toContain('SOCIALQUERY_STORE');
    },
  );

  it('refuses an unknown command or start option with exit code 2, naming it', async () => {
    const command = await outcome(['serve']);
    expect(command.code).toBe(2);
    expect(command.err).toMatch(/^socialquery-server: unknown command 'serve'/);
    const option = await outcome(['start', '--demo']);
    expect(option.code).toBe(2);
    expect(option.err).toMatch(/^socialquery-server: unknown option --demo/);
  });

  it('passes an admin command to the CLI (its own --help, its exit code)', async () => {
    const { code, out } = await outcome(['keys', '--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/Usage: socialquery keys/);
    expect((await outcome(['keys', 'revoke'])).code).not.toBe(0);
  });
});

describe('the admin command the service names in its hints', () => {
  it('is npx @socialquery/server under npx, the bin as run from a deployed folder, else the program name', () => {
    const cwd = process.cwd();
    expect(adminInvocation({ npm_command: 'exec' }, '/home/u/.npm/_npx/1/node_modules/.bin/socialquery-server')).toBe(
      'npx @socialquery/server',
    );
    expect(adminInvocation({}, `${cwd}/bin/socialquery-server.js`)).toBe('./bin/socialquery-server.js');
    expect(adminInvocation({}, `${cwd}/node_modules/.bin/socialquery-server`)).toBe('socialquery-server');
    expect(adminInvocation({}, '/elsewhere/bin/socialquery-server.js')).toBe('socialquery-server');
  });
});
