// `npm start`: build the web app if it is missing or stale, then serve the app and the API on one port.
//
// The server runs in this very process (tsx's loader registered here, then the server module
// imported), like an exec: there is no child to orphan. A SIGKILL of this process takes the
// server with it, and SIGINT/SIGTERM reach the server's own graceful shutdown directly. npm runs
// this under a shell under npm: when either of those dies, even by SIGKILL, the check below
// notices and the server shuts down as on SIGTERM.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded, serverEntry } from './lib.mjs';

/** How often the parent is checked (a cheap property read). */
const PARENT_CHECK_MS = 500;

/** How many generations up are watched: the shell npm starts, and npm itself. */
const WATCHED_GENERATIONS = 2;

/** The parent of `pid` (Linux /proc); undefined where that cannot be read. */
function parentOf(pid) {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// Only under npm: `node scripts/start.mjs` under nohup must outlive the shell that started it.
if (process.env.npm_lifecycle_event !== undefined) {
  const watched = [process.ppid];
  while (watched.length < WATCHED_GENERATIONS) {
    const up = parentOf(watched.at(-1));
    if (up === undefined || up <= 1) break;
    watched.push(up);
  }
  setInterval(() => {
    if (process.ppid !== watched[0] || !watched.every(alive)) process.kill(process.pid, 'SIGTERM');
  }, PARENT_CHECK_MS).unref();
}

// WEB_DIST names another build to serve: ours is not needed then.
if (!process.env.WEB_DIST) buildWebIfNeeded();
// One plain line for people, beside the JSON logs: the server prints it once it listens.
process.env.YINZHANG_ANNOUNCE = '1';
register();
await import(pathToFileURL(serverEntry).href);
