import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGE_BRAND_META, type PageBrand } from '@hiram/contract/brand';
import { type BrandColours, brandStyleRule } from '@hiram/contract/brand-look';
import type { FirstPaint } from '@hiram/contract/first-paint';
import { BRAND_LOGO_PATH } from '@hiram/contract/ops/brands';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { logoUrlOf } from '../../plugins/infra/brands.ts';
import { allowFraming, styleHash } from '../../plugins/infra/security-headers.ts';
import {
  acceptedEncoding,
  borrowerCardQueries,
  composePage,
  type HomeRenderer,
  homeKeyBorrower,
  homeQueries,
  loadHomeRenderer,
  oneOffPage,
  PageCache,
  pageLanguage,
  pageSession,
  type ServedPage,
} from './first-paint.ts';

/**
 * The built web app (WEB_DIST) at `/`, so one process is a complete install (GUIDE section 1). Hashed
 * files under /assets never change and are cached for a year; index.html is revalidated every time so a
 * new release reaches borrowers at once. The build writes .br and .gz beside each file; they are sent as
 * they are. The host simulator is for development and tests only.
 */
export const MISSING_BUILD_TEXT =
  'The web app is not built yet. Run `npm run build -w @hiram/web` (`npm start` builds it first), then reload.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * index.html as the page's brand shows it: its name in the title and the brand record in a meta tag the
 * app reads at start (docs/decisions/0015-framing-and-brand-identity.md). A meta tag, not an inline
 * script, so the Content-Security-Policy needs no exception. A brand with its own colours gets them as one
 * inline style rule of custom properties (no script, no extra request, no flash of the built-in colours);
 * its hash goes into the page's style-src (docs/decisions/0033-brands-from-the-console.md).
 */
export function brandedIndex(
  html: string,
  brand: PageBrand,
  look: { colours: BrandColours | null; logoUrl: string | null } = { colours: null, logoUrl: null },
): { html: string; styleHashes: string[] } {
  const meta = `<meta name="${PAGE_BRAND_META}" content="${escapeHtml(JSON.stringify(brand))}">`;
  const rule = brandStyleRule(look.colours, look.logoUrl);
  const style = rule ? `\n    <style>${rule}</style>` : '';
  // Replacer functions: a `$` in a brand's name or colour is text, not a replacement pattern.
  let page = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(brand.appName)}</title>\n    ${meta}${style}`,
  );
  if (look.colours) {
    page = page.replace(
      /<meta name="theme-color" content="[^"]*"/,
      () => `<meta name="theme-color" content="${escapeHtml(look.colours?.primary ?? '')}"`,
    );
  }
  if (look.logoUrl) {
    page = page.replace(
      /<link rel="icon" href="[^"]*"/,
      () => `<link rel="icon" href="${escapeHtml(look.logoUrl ?? '')}"`,
    );
  }
  return { html: page, styleHashes: rule ? [styleHash(rule)] : [] };
}
const SIMULATOR = /^\/(?:simulator\.html|assets\/simulator-[^/]*)(?:\.(?:gz|br))?$/;

/**
 * The host simulator's files, asked for however the path is spelt: the static server decodes `%73`, folds
 * `/./`, `//` and `..`, and serves the precompressed `.gz` and `.br` copies, so the raw URL proves nothing.
 * A path that cannot be decoded is refused too: nothing of the simulator leaves a production server.
 */
export function isSimulatorPath(rawPath: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  return SIMULATOR.test(posix.normalize(`/${path.replaceAll('\\', '/')}`));
}

export async function webRoutes(app: FastifyInstance): Promise<void> {
  const root = app.config.webDist;
  const production = app.config.nodeEnv === 'production';

  if (production) {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (isSimulatorPath(path)) {
        reply.callNotFound();
        return reply;
      }
    });
  }

  const serving = existsSync(root);
  // A renderer that cannot be loaded costs the first paint, never the start: Home is then drawn in the browser.
  const renderer = serving
    ? await loadHomeRenderer(root).catch((error: unknown) => {
        app.log.error({ err: error }, "The web app's renderer of Home could not be loaded");
        return null;
      })
    : null;
  if (serving && !renderer)
    app.log.warn('The web app has no server renderer (dist-server): Home is drawn in the browser');
  const pages = new PageCache();
  if (serving) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      preCompressed: true,
      // The file the static server settles on is checked again, after its own decoding and normalising.
      ...(production ? { allowedPath: (pathName: string) => !isSimulatorPath(pathName) } : {}),
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = filePath.slice(root.length).replaceAll('\\', '/');
        reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // The page's brand is one of the server's brand records: a native host opens the app with its
  // `?packageName=`, anything unknown gets the default brand, and `?appName=` is never read.
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Private: the page differs by cookie and language, which a shared cache might not keep apart.
    reply.header('cache-control', 'private, no-cache');
    const indexPath = join(root, 'index.html');
    // With the renderer, the index.html of the same build, read with it; without, as it is on disk now.
    const index =
      renderer?.index ?? (serving && existsSync(indexPath) ? await readFile(indexPath, 'utf8') : null);
    if (index === null) return reply.type('text/plain; charset=utf-8').send(MISSING_BUILD_TEXT);
    const { packageName } = request.query as { packageName?: unknown };
    const brand = app.brands.findOrDefault(typeof packageName === 'string' ? packageName.trim() : undefined);
    const page: PageBrand = {
      packageName: brand.packageName,
      appName: brand.appName,
      parentOrigins: brand.parentOrigins,
      hasStoreLinks: brand.androidUrl !== null || brand.iosUrl !== null,
    };
    const branded = brandedIndex(index, page, {
      colours: brand.colours,
      logoUrl: logoUrlOf(brand.logoId),
    });
    reply.type('text/html; charset=utf-8');
    const drawn = renderer ? await drawHome(request, page, branded.html, renderer) : null;
    if (!drawn) {
      allowFraming(reply, brand.parentOrigins, branded.styleHashes);
      return reply.send(branded.html);
    }
    allowFraming(
      reply,
      brand.parentOrigins,
      [...branded.styleHashes, ...drawn.styleHashes],
      drawn.scriptHashes,
    );
    // The page differs by what the server read to draw it.
    reply.header('vary', 'accept-encoding, cookie, accept-language');
    // A borrower's own loan is kept by no cache, not even the browser's (a shared phone's back button).
    if (drawn.personal) reply.header('cache-control', 'private, no-store');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const body = await drawn.encoded(encoding);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  /** Home drawn into the page; null when drawing fails, so the borrower gets the page the browser draws. */
  async function drawHome(
    request: FastifyRequest,
    brand: PageBrand,
    index: string,
    home: HomeRenderer,
  ): Promise<(ServedPage & { personal: boolean }) | null> {
    try {
      const session = pageSession(request);
      const borrower = await homeKeyBorrower(app, brand.packageName, session.homeKey);
      const [offer, latestOrder] = await Promise.all([
        homeQueries(app, brand.packageName, request, borrower),
        borrower ? borrowerCardQueries(app, brand.packageName, request, borrower) : null,
      ]);
      // A signed-in device the page cannot name gets the card's frame: the offer is then the borrower's own
      // (her credit line, ADR 0068), which the app asks for with her token, not a visitor's seeded here.
      const queries = session.signedIn && !latestOrder ? {} : offer;
      const paint: FirstPaint = { lang: pageLanguage(request), signedIn: session.signedIn, queries };
      if (latestOrder) {
        // The borrower's card (docs/decisions/0051): drawn for this request alone and never kept.
        const personal: FirstPaint = {
          ...paint,
          queries: { ...queries, ...latestOrder },
          homeKey: session.homeKey ?? undefined,
          drawnAt: Date.now(),
        };
        const drawn = composePage(index, {
          body: await home.render({ brand, paint: personal }),
          paint: personal,
          css: home.assets.cardCss.app,
          lateCss: home.assets.cardCss.own,
          // The card's rules are inline: its stylesheet comes with its chunk. A preload in the page would
          // share the first round trips with the page itself (0.65 → 0.76 s FCP in bench:home).
          preloads: { scripts: home.assets.signedInPreloads.scripts, styles: [] },
        });
        return { ...oneOffPage(drawn), personal: true };
      }
      const page = await pages.get({ index, brand, paint }, async () =>
        composePage(index, {
          body: await home.render({ brand, paint }),
          paint,
          css: home.assets.criticalCss,
          preloads: paint.signedIn ? home.assets.signedInPreloads : { scripts: [], styles: [] },
        }),
      );
      return { ...page, personal: false };
    } catch (error) {
      request.log.error({ err: error }, 'Home could not be drawn on the server');
      return null;
    }
  }
  app.get('/', { schema: { hide: true } }, servePage);
  // Without this the static files would serve index.html as built, with no brand and no framing rule.
  app.get('/index.html', { schema: { hide: true } }, servePage);

  // A brand's logo: its id is the hash of the bytes, so the answer never changes and is cached for good.
  app.get<{ Params: { logoId: string } }>(
    `${BRAND_LOGO_PATH}/:logoId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const logo = /^[0-9a-f]{64}$/.test(request.params.logoId)
        ? await app.brandSettings.logo(request.params.logoId)
        : null;
      if (!logo) return reply.callNotFound();
      return reply.header('cache-control', IMMUTABLE).type(logo.contentType).send(logo.content);
    },
  );
}
