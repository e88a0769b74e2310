import { SANDBOX_CHECKOUT_PATH } from '@hiram/contract/api/routes';
import { formatPeso } from '@hiram/contract/money';
import { CREDITING_MINUTES, isChannelId, channelName as nameOf } from '@hiram/contract/repayment';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { contentSecurityPolicy, styleHash } from '../../plugins/infra/security-headers.ts';
import type {
  SandboxCollections,
  SandboxInstrument,
} from '../../providers/collection/sandbox-collections.ts';

/**
 * The sandbox collections provider's hosted checkout page (GUIDE section 7): what a gateway, GCash or Maya
 * would show. The borrower sees the amount and chooses Pay or Cancel; the result reaches our callback later,
 * signed, and the page sends the borrower back to the app. It is the provider's page, not ours, so it
 * stays plain HTML in English, like most providers' sandboxes.
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function channelName(channel: string): string {
  return isChannelId(channel) ? nameOf(channel, 'en') : channel;
}

function manilaTime(date: Date): string {
  const text = date.toLocaleString('en-PH', {
    timeZone: 'Asia/Manila',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${text} (Manila)`;
}

const CHECKOUT_STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#eef2f7;color:#1c2430}
main{max-width:420px;margin:0 auto;padding:24px 20px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px #0002}
.badge{display:inline-block;font-size:12px;background:#ffe9b3;color:#7a5300;border-radius:6px;padding:2px 8px}
.amount{font-size:32px;font-weight:700;margin:12px 0}
button,a.button{display:block;width:100%;box-sizing:border-box;text-align:center;font-size:17px;padding:14px;
border-radius:10px;border:0;margin-top:12px;text-decoration:none;cursor:pointer}
.pay{background:#1463ff;color:#fff}.cancel{background:#e4e8ee;color:#1c2430}
p{line-height:1.45}
`;
// The page's one inline block, allowed by its hash: no 'unsafe-inline'.
const CHECKOUT_POLICY = contentSecurityPolicy({ styleHashes: [styleHash(CHECKOUT_STYLE)] });

// No timed redirect back to the app (WCAG 2.2.1, timing adjustable): the borrower reads the result and taps
// "Back to the app" when ready, as real gateways' result pages let them.
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CHECKOUT_POLICY)
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CHECKOUT_STYLE}</style></head><body><main><div class="card">
<span class="badge">Sandbox collections provider</span>
${body}
</div></main></body></html>`);
}

export async function sandboxCheckoutRoutes(
  app: FastifyInstance,
  options: { provider: SandboxCollections },
): Promise<void> {
  const { provider } = options;

  app.get(`${SANDBOX_CHECKOUT_PATH}/:instrumentId`, { schema: { hide: true } }, async (request, reply) => {
    const { instrumentId } = request.params as { instrumentId: string };
    const instrument = await provider.find(instrumentId);
    if (instrument?.kind !== 'checkout') return page(reply, 404, 'Not found', '<h1>Payment not found</h1>');
    if (instrument.settled) return settledPage(reply, instrument);
    if (!provider.isPayable(instrument)) {
      const back = instrument.returnUrl
        ? `<a class="button cancel" href="${escapeHtml(instrument.returnUrl)}">Back to the app</a>`
        : '';
      return page(reply, 409, 'Timed out', `<h1>This order has timed out, please try again</h1>${back}`);
    }
    const action = `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(instrument.instrumentId)}`;
    return page(
      reply,
      200,
      'Checkout',
      `<h1>Pay your loan</h1>
<p>${escapeHtml(channelName(instrument.channel))}</p>
<div class="amount">${escapeHtml(formatPeso(instrument.amount))}</div>
<p>Valid until ${escapeHtml(manilaTime(instrument.expiresAt))}</p>
<form method="post" action="${escapeHtml(action)}">
<button class="pay" name="action" value="pay" type="submit">Pay ${escapeHtml(formatPeso(instrument.amount))}</button>
<button class="cancel" name="action" value="cancel" type="submit">Cancel</button>
</form>`,
    );
  });

  app.post(`${SANDBOX_CHECKOUT_PATH}/:instrumentId`, { schema: { hide: true } }, async (request, reply) => {
    const { instrumentId } = request.params as { instrumentId: string };
    const choice = (request.body as { action?: string } | undefined)?.action;
    const instrument = await provider.find(instrumentId);
    if (instrument?.kind !== 'checkout') return page(reply, 404, 'Not found', '<h1>Payment not found</h1>');
    try {
      await provider.settle(instrument.instrumentId, choice === 'pay' ? 'paid' : 'failed');
    } catch (error) {
      if (error instanceof AppError && error.key === 'ORDER_TIMED_OUT')
        return page(reply, 409, 'Timed out', '<h1>This order has timed out, please try again</h1>');
      // A second tap (or a tap racing the first): the page shows what the first one did; nothing more is taken.
      if (error instanceof AppError && error.key === 'PAYMENT_ALREADY_SETTLED') {
        const settled = await provider.find(instrument.instrumentId);
        if (settled?.settled) return settledPage(reply, settled);
      }
      throw error;
    }
    return settledPage(reply, { ...instrument, settled: choice === 'pay' ? 'paid' : 'failed' });
  });
}

/** The page after Pay or Cancel, for the first tap and every later one alike. */
function settledPage(reply: FastifyReply, instrument: SandboxInstrument) {
  const paid = instrument.settled === 'paid';
  const back = instrument.returnUrl;
  const body = paid
    ? `<h1>Payment received</h1><p>${escapeHtml(formatPeso(instrument.amount))} is on its way to your loan. Crediting takes up to ${CREDITING_MINUTES} minutes.</p>`
    : '<h1>Payment cancelled</h1><p>Nothing was charged.</p>';
  const next = back
    ? `<a class="button pay" href="${escapeHtml(back)}">Back to the app</a>`
    : '<p>You can close this page.</p>';
  return page(reply, 200, paid ? 'Paid' : 'Cancelled', `${body}${next}`);
}
