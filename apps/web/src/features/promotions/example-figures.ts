import { formatPeso } from '@hiram/contract/money';
import type { PromotionOffer } from './api/get-offer.ts';

/**
 * The representative example as the advert prints it: the server's own quote for the brand's cheapest
 * choice, in pesos, with the effective rate (fees included) beside it, as honest advertising requires.
 */
export function exampleFigures(offer: PromotionOffer) {
  const { example } = offer;
  return {
    min: formatPeso(offer.minAmount),
    max: formatPeso(offer.maxAmount),
    principal: formatPeso(example.principal),
    days: example.tenureDays,
    fee: formatPeso(example.processingFee),
    net: formatPeso(example.netProceeds),
    total: formatPeso(example.totalPayable),
    interest: formatPeso(example.totalInterest),
    yearly: offer.effectiveYearlyRatePercent,
    monthly: (example.effectiveMonthlyRate * 100).toFixed(2),
  };
}
