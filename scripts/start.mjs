// `npm start`: build the web app if it is missing or stale, then serve the app and the API on one port.
import { buildWebIfNeeded, runServer } from './lib.mjs';

buildWebIfNeeded();
const server = runServer({}, { announce: true });
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
