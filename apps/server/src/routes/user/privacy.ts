import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddressOf } from '../../plugins/infra/request-context.ts';
import type { AppRequester } from '../../services/compliance/privacy/borrower-requests.ts';
import { defineEndpoint, RawAnswer, sessionOf } from '../endpoint.ts';

/** Me → Privacy: her Data Privacy Act requests, each behind an SMS code (issue 23, ADR 0086). */
function requesterOf(request: FastifyRequest, packageName: string, language: AppRequester['language']) {
  const agent = request.headers['user-agent'];
  return {
    userId: sessionOf(request).userId,
    packageName,
    language,
    clientAddress: clientAddressOf(request),
    userAgent: typeof agent === 'string' ? agent : null,
  } satisfies AppRequester;
}

export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'myPrivacyRequests', async ({ request }) => ({
    items: await app.borrowerPrivacy.list(sessionOf(request).userId),
  }));

  defineEndpoint(app, 'privacyDownload', async ({ input, request, brand, language }) => {
    const { fileName, zip } = await app.borrowerPrivacy.download(
      requesterOf(request, brand.packageName, language),
      input.code,
    );
    // Her whole file: never kept by a cache on the way, and saved rather than opened.
    return new RawAnswer('application/zip', zip, {
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="${fileName}"`,
    });
  });

  defineEndpoint(app, 'privacyCorrection', async ({ input, request, brand, language }) =>
    app.borrowerPrivacy.askCorrection(requesterOf(request, brand.packageName, language), input.code, {
      field: input.field,
      whatIsWrong: input.whatIsWrong,
      shouldBe: input.shouldBe,
    }),
  );

  defineEndpoint(app, 'privacyErasure', async ({ input, request, brand, language }) =>
    app.borrowerPrivacy.askErasure(requesterOf(request, brand.packageName, language), input.code),
  );
}
