import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../endpoint.ts';

export async function appDownloadRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'appDownloadAddress', async ({ brand }) => ({
    androidUrl: brand.androidUrl,
    iosUrl: brand.iosUrl,
  }));
}
