export { runServer, serverUsage } from './run-server.js';
