// The service as its own process (apps/api/dist/main.js) on a store, for the measuring scripts beside this file:
// started on a random loopback port, resolved once /healthz answers.
import { spawn } from 'node:child_process';
import http from 'node:http';

/**
 * Starts the service on `address` with `env` added and resolves to `{ child, get, baseUrl }` once it answers;
 * `get(path, headers, onData)` resolves to the status and the body's size in bytes.
 */
export async function startLocalService(address, env = {}) {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    env: {
      ...process.env,
      SOCIALQUERY_STORE: address,
      PORT: String(port),
      SOCIALQUERY_RATE_LIMIT: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const get = (path, headers = {}, onData = () => {}) =>
    new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
          onData(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode, bytes }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await get('/healthz');
      return { child, get, baseUrl: `http://127.0.0.1:${port}` };
    } catch (error) {
      if (attempt > 300) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
