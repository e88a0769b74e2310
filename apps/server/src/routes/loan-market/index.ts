import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../endpoint.ts';

export async function loanMarketRoutes(app: FastifyInstance): Promise<void> {
  // The contacts of the brand the request came from: each white-label brand has its own (GUIDE section 4).
  defineEndpoint(app, 'customerService', async ({ brand }) => ({
    appName: brand.appName,
    email: brand.supportEmail,
    phone: brand.supportPhone,
    hours: brand.supportHours,
  }));
}
