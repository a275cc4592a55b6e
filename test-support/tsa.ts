/**
 * A timestamp authority on loopback for the tests: `openssl ts -reply` behind a small node:http
 * server, with its own TSA certificate (extendedKeyUsage timeStamping). Modes for failures: an
 * authority that answers garbage, an HTTP error, or never answers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TsaMode = 'ok' | 'garbage' | 'http-error' | 'silent';

export interface LocalTsa {
  readonly url: string;
  readonly certPath: string;
  /** How many requests it received. */
  readonly requests: () => number;
  close(): Promise<void>;
}

const TSA_CONFIG = `[tsa]
default_tsa = local
[local]
dir = .
serial = tsaserial
signer_cert = tsa.pem
signer_key = tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ess_cert_id_alg = sha256
ess_cert_id_chain = no
[ext]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
`;

export async function startTsa(mode: TsaMode = 'ok'): Promise<LocalTsa> {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-tsa-'));
  const at = (name: string) => join(dir, name);
  writeFileSync(at('tsa.cnf'), TSA_CONFIG);
  writeFileSync(at('tsaserial'), '01\n');
  const run = (args: readonly string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'tsa.key',
    '-out',
    'tsa.pem',
    '-days',
    '100',
    '-subj',
    '/CN=Local Test TSA',
    '-config',
    'tsa.cnf',
    '-extensions',
    'ext',
  ]);
  let count = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count++;
      if (mode === 'silent') return; // never answers; the client's timeout must end it
      if (mode === 'http-error') {
        res.writeHead(500).end('internal error');
        return;
      }
      if (mode === 'garbage') {
        res
          .writeHead(200, { 'content-type': 'application/timestamp-reply' })
          .end('this is not DER at all');
        return;
      }
      try {
        const n = count;
        writeFileSync(at(`q${n}.tsq`), Buffer.concat(chunks));
        run(['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', `q${n}.tsq`, '-out', `r${n}.tsr`]);
        res
          .writeHead(200, { 'content-type': 'application/timestamp-reply' })
          .end(readFileSync(at(`r${n}.tsr`)));
      } catch {
        res.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    certPath: at('tsa.pem'),
    requests: () => count,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
