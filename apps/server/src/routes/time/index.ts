import { COLLECTION_SWITCHES_OFF } from '@hiram/contract/collection-switches';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../endpoint.ts';

/**
 * The data-collection switches (SPEC section 7). GUIDE section 6: every one is off, and the server has no
 * endpoint that would take contact lists, SMS or app lists, so nothing was ever collected either.
 */
export async function timeRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'uploadEnable', async () => ({ ...COLLECTION_SWITCHES_OFF }));
  defineEndpoint(app, 'uploadStatus', async () => ({ ...COLLECTION_SWITCHES_OFF }));
}
