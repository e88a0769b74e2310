import type { HomeState } from '@hiram/contract/loan-status';
import { paths } from '../../config/paths.ts';
import type { LatestOrder } from './api/get-latest-order.ts';

/**
 * The card Home shows for the borrower's latest order (SPEC sections 3 and 4), decided from the server's
 * Home state: what it says, the one figure that matters, and the one thing to do next. Pure, so every state
 * is tested; loan-state-card.tsx draws it. `null`: nothing is going on, Home shows the loan offer.
 */
export type HomeCardKind = Exclude<HomeState, 'canLoan'> | 'notSubmitted';

export type HomeCardFigure =
  | { kind: 'countdown'; until: number }
  | { kind: 'amount'; centavos: number }
  | { kind: 'date'; iso: string };

export interface HomeCard {
  kind: HomeCardKind;
  figure: HomeCardFigure | null;
  /** YYYY-MM-DD: when the amount is (or was) due. */
  dueDate: string | null;
  /** The primary action's href; none when there is nothing the borrower can do (a rejection). */
  actionHref: string | null;
  /** Ask the server again this often while the card waits on something that happens without the borrower. */
  refreshMs: number | null;
}

/** While an assessment or a payout is under way: often enough to see the outcome soon after it happens. */
export const HOME_REFRESH_MS = 10_000;

export function homeCardOf(latest: LatestOrder): HomeCard | null {
  const { order } = latest;
  if (!order || latest.homeState === 'canLoan') return null;
  const orderId = order.orderId;
  const card = (
    kind: HomeCardKind,
    figure: HomeCardFigure | null,
    actionHref: string | null,
    extra: Partial<HomeCard> = {},
  ): HomeCard => ({ kind, figure, dueDate: null, actionHref, refreshMs: null, ...extra });

  switch (latest.homeState) {
    case 'assessing':
      if (!order.submitted) return card('notSubmitted', null, paths.finishLoading.getHref({ orderId }));
      return card(
        'assessing',
        latest.assessmentDueAt ? { kind: 'countdown', until: Date.parse(latest.assessmentDueAt) } : null,
        paths.reviewTips.getHref(),
        { refreshMs: HOME_REFRESH_MS },
      );
    case 'success':
      return card(
        'success',
        { kind: 'amount', centavos: order.quote.netProceeds },
        paths.confirmBorrow.getHref({ orderId }),
      );
    case 'rejected':
      return card(
        'rejected',
        latest.canApplyAgainAt ? { kind: 'date', iso: latest.canApplyAgainAt } : null,
        null,
      );
    case 'failed':
      // The bank screen's change flow for this order's payout: it returns to lending once the account is verified.
      return card('failed', null, paths.addBankCard.getHref({ orderId }));
    case 'lending':
      return card(
        'lending',
        { kind: 'amount', centavos: order.quote.netProceeds },
        paths.lending.getHref({ orderId }),
        { refreshMs: HOME_REFRESH_MS },
      );
    case 'repaying':
    case 'overdue':
      return card(
        latest.homeState,
        latest.amountDue === null ? null : { kind: 'amount', centavos: latest.amountDue },
        paths.repayDetail.getHref({ orderNo: orderId }),
        { dueDate: latest.dueDate },
      );
  }
}
