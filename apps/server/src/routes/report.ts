import { ZReport } from '@yinzhang/seal';
import type { FastifyPluginAsync } from 'fastify';
import type { Repository } from '../db/repository';
import { parseBody } from '../http/errors';

export interface ReportRoutesOptions {
  readonly repo: Repository;
}

export const reportRoutes: FastifyPluginAsync<ReportRoutesOptions> = async (app, { repo }) => {
  app.post('/report', async (request, reply) => {
    const { text } = parseBody(ZReport, request.body);
    // Answer only once the row is committed: a 204 promises the report is kept.
    await repo.addReport(text);
    return reply.code(204).send();
  });
};
