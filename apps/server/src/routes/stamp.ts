import { type TCreateSeal, ZCreateSeal } from '@yinzhang/seal';
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { markId } from '../content';
import type { Repository } from '../db/repository';
import { parseBody } from '../http/errors';
import { SERVER_LIMITS } from '../limits';

/** The app draws through its seal worker pool (seal/pool.ts); tests may draw in-process. */
export type RenderSealPng = (spec: TCreateSeal) => Buffer | Promise<Buffer>;

export interface RenderedSeal {
  readonly png: Buffer;
  readonly mid: string;
}

/** Recent renders by seal spec; drawing is deterministic, so a hit gives the same bytes. */
export type SealCache = LRUCache<string, RenderedSeal>;

export function createSealCache(): SealCache {
  return new LRUCache<string, RenderedSeal>({
    max: SERVER_LIMITS.sealCacheEntries,
    maxSize: SERVER_LIMITS.sealCacheBytes,
    sizeCalculation: (seal) => seal.png.length,
  });
}

/** The cache key: the validated spec, so ' 名称 ' and '名称' share one entry. */
export function sealCacheKey(spec: TCreateSeal): string {
  return JSON.stringify([spec.name, spec.title, spec.code]);
}

export interface StampRoutesOptions {
  readonly render: RenderSealPng;
  readonly repo: Repository;
  readonly cache: SealCache;
}

export const stampRoutes: FastifyPluginAsync<StampRoutesOptions> = async (app, opts) => {
  const { render, repo, cache } = opts;

  app.post('/stamp/create', async (request, reply) => {
    const spec = parseBody(ZCreateSeal, request.body);
    const key = sealCacheKey(spec);
    let seal = cache.get(key);
    if (seal === undefined) {
      const png = await render(spec);
      seal = { png, mid: markId(png) };
      cache.set(key, seal);
    }
    await repo.recordMark({ mid: seal.mid, kind: 'create', bytes: seal.png.length });
    return reply.header('mid', seal.mid).type('image/png').send(seal.png);
  });
};
