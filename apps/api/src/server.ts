import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '@socialquery/store';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Config } from './config.js';

export interface RunningService {
  server: Server;
  url: string;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), closes the store. */
  stop(): Promise<void>;
}

export async function startService(
  config: Config,
  store: Store,
  logger: Logger,
  { graceMs = 10_000 }: { graceMs?: number } = {},
): Promise<RunningService> {
  const cursorSecret = config.SOCIALQUERY_SECRET ?? (await store.settings.cursorSecret());
  const app = createApp({ store, logger, cursorSecret });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.PORT, config.HOST, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(timer);
      await store.close();
    })());
  return { server, url, stop };
}
