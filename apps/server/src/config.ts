import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything the server reads from the environment, read once at start-up. */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute; holds the SQLite database. Created when missing. */
  readonly dataDir: string;
  /** Absolute; the built web app (index.html and assets/). */
  readonly webDist: string;
  /** Contact address shown in the site footer. */
  readonly contact: string;
  /** Requests per client per window on /v1. */
  readonly rateLimitMax: number;
  readonly rateLimitWindowMs: number;
  /** Trust X-Forwarded-* (set when behind a reverse proxy, so the rate limit sees real clients). */
  readonly trustProxy: boolean;
  readonly logLevel: LogLevel;
  /** Origins allowed to call /v1 cross-origin; empty means same origin only. */
  readonly corsOrigins: readonly string[];
  /**
   * postgres:// or postgresql:// URL: keep marks, reports and parse sessions in PostgreSQL so that
   * several instances share them. Unset: SQLite in `dataDir`.
   * WARNING: may carry a password; log it only through `describeDatabase`.
   */
  readonly databaseUrl: string | undefined;
  /** Most PostgreSQL connections one instance holds open. */
  readonly databasePoolMax: number;
  /** Timestamp authorities /v1/tsa may relay to (http or https URLs); empty: the relay is off. */
  readonly tsaUrls: readonly string[];
}

export const DEFAULTS = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: './data',
  contact: 'support@yinzhang.app',
  rateLimitMax: 600,
  rateLimitWindowMs: 60_000,
  logLevel: 'info',
  databasePoolMax: 4,
} as const;

const POSTGRES_SCHEMES = ['postgres:', 'postgresql:'];

/** Whether `url` is a URL PostgreSQL clients accept (postgres:// or postgresql://, with a host). */
export function isPostgresUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return POSTGRES_SCHEMES.includes(u.protocol) && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Where the data is kept, safe to log: a PostgreSQL URL without its password, or the SQLite folder. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (config.databaseUrl === undefined) return `sqlite:${config.dataDir}`;
  try {
    const u = new URL(config.databaseUrl);
    if (u.password !== '') u.password = '***';
    u.searchParams.forEach((_value, key) => {
      if (key.toLowerCase() === 'password') u.searchParams.set(key, '***');
    });
    return u.toString();
  } catch {
    return 'postgres:(unparsable URL)';
  }
}

/** apps/web/dist, found from this file so it does not depend on the working directory. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(DEFAULTS.port),
  HOST: z.string().min(1).default(DEFAULTS.host),
  DATA_DIR: z.string().min(1).default(DEFAULTS.dataDir),
  WEB_DIST: z.string().min(1).optional(),
  CONTACT: z.string().min(1).default(DEFAULTS.contact),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(DEFAULTS.rateLimitMax),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(DEFAULTS.rateLimitWindowMs),
  TRUST_PROXY: envBoolean.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS).default(DEFAULTS.logLevel),
  CORS_ORIGIN: z.string().optional(),
  // The message never repeats the value: it may hold a password.
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, {
      message: 'must be a postgres:// or postgresql:// URL with a host (unset it to use SQLite)',
    })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DEFAULTS.databasePoolMax),
  TSA_URLS: z
    .string()
    .refine(
      (v) => v.split(',').every((u) => u.trim() === '' || /^https?:\/\/[^\s]+$/i.test(u.trim())),
      {
        message: 'must be http:// or https:// URLs separated by commas',
      },
    )
    .optional(),
});

/**
 * Reads the configuration from `env` (process.env by default). Relative paths are resolved
 * against `cwd`. Empty variables count as unset. Throws with every problem listed when a
 * variable is malformed, so a typo stops the server instead of silently using a default.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Config {
  const present = Object.fromEntries(
    Object.keys(ZEnv.shape)
      .map((key) => [key, env[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    webDist: e.WEB_DIST === undefined ? DEFAULT_WEB_DIST : path.resolve(cwd, e.WEB_DIST),
    contact: e.CONTACT,
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    corsOrigins: Object.freeze(
      (e.CORS_ORIGIN ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    ),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    tsaUrls: Object.freeze(
      (e.TSA_URLS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== ''),
    ),
  });
}
