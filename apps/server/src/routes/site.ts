import type { FastifyPluginAsync } from 'fastify';

export interface SiteRoutesOptions {
  readonly contact: string;
}

/** Facts about this deployment the page shows (the footer's contact address). */
export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, { contact }) => {
  app.get('/site', async () => ({ contact }));
};
