import { z } from 'zod';
import { BORROWER_REASONS } from '../assessment.ts';
import {
  isAcceptablePassword,
  isVerifyCodeFormat,
  PASSWORD_MAX_LENGTH,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_PURPOSES,
} from '../auth-rules.ts';
import { BUREAU_CONSENT_VERSION } from '../bureau-consent.ts';
import { COUPON_KINDS, COUPON_STATES } from '../coupons.ts';
import { LANGUAGES } from '../languages.ts';
import { HOME_STATES, ORDER_STATUS_LABELS } from '../loan-status.ts';
import { isPhMobile, MOBILE_INPUT_MAX_LENGTH } from '../mobile.ts';
import { CHANNEL_IDS } from '../repayment.ts';
import {
  AdditionInfo,
  AnalyticsBatch,
  ApplicationProgress,
  BankAccount,
  BankAccountInput,
  BankAccountUpdate,
  BankListEntry,
  BasicInfo,
  CollectionSwitchesResponse,
  ID_IMAGE_KINDS,
  IdentityCard,
  OcrFields,
  Profile,
  QuestionnaireAnswers,
  UploadedImage,
} from './application.ts';
import { DisclosureStatement, LoanQuote } from './loan-shapes.ts';
import { MarkMessagesReadRequest, MessagesPage, MessagesRequest } from './messages.ts';
import {
  MyPrivacyRequest,
  MyPrivacyRequests,
  PrivacyCorrectionRequest,
  PrivacyDownloadRequest,
  PrivacyErasureRequest,
} from './privacy.ts';
import { MakePromiseInput, orderNoField, PromiseToPay } from './promises.ts';
import {
  ChannelList,
  CollectionEvent,
  CoolingOff,
  instrumentRequest,
  PaymentInstrument,
  PaymentReference,
  PortalConfirmRequest,
  PortalDetail,
  PortalDetailRequest,
  RepaymentDetail,
} from './repayment.ts';
import { LoanRestructure } from './restructure.ts';
import { API, type ApiName, type ApiRoute } from './routes.ts';
import { ExtensionData, ExtensionOrder, SaveVoucherInput, UploadedVoucher, Voucher } from './servicing.ts';
import { wireBoolean, wireNumber } from './wire-values.ts';

/**
 * Request and response schemas of every endpoint, keyed like `API`. The server registers them (validation
 * and the OpenAPI document); the web app imports only their types, and zod itself only in form screens.
 * A refinement's message is a key of FIELD_MESSAGES, which the server turns into the user's language.
 * Response schemas have no transforms so the OpenAPI document is exact.
 */

const mobile = z
  .string({ message: 'mobileRequired' })
  .min(1, 'mobileRequired')
  .max(MOBILE_INPUT_MAX_LENGTH, 'invalidMobile')
  .refine(isPhMobile, 'invalidMobile')
  .describe('Philippine mobile number: 09171234567, +639171234567 or 9171234567');

const verifyCode = z
  .string({ message: 'codeRequired' })
  .min(1, 'codeRequired')
  .max(VERIFY_CODE_LENGTH, 'invalidCode')
  .refine(isVerifyCodeFormat, 'invalidCode')
  .describe(`The ${VERIFY_CODE_LENGTH}-digit code sent by SMS`);

const newPassword = z
  .string({ message: 'required' })
  .max(PASSWORD_MAX_LENGTH, 'weakPassword')
  .refine(isAcceptablePassword, 'weakPassword');

/** A password as typed at login: only bounded, never judged (old passwords may predate today's rule). */
const passwordAttempt = z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'tooLong');

export const UserInfo = z.object({
  userId: z.string(),
  mobile: z.string().describe('E.164, e.g. +639171234567'),
  hasPassword: z.boolean(),
  registeredAt: z.string().describe('ISO 8601'),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const Session = z.object({
  token: z.string().describe('Send as `Authorization: Bearer <token>`'),
  expiresAt: z.string().describe('ISO 8601'),
  isNewUser: z.boolean(),
  user: UserInfo,
});
export type Session = z.infer<typeof Session>;

export const Product = z.object({
  productId: z.string(),
  name: z.string(),
  minAmount: z.number().int().describe('centavos'),
  maxAmount: z.number().int().describe('centavos'),
  amountStep: z.number().int().describe('centavos'),
  tenureDays: z.array(z.number().int()),
  interestMethod: z.enum(['single', 'instalments']),
  monthlyInterestBps: z.number().int().describe('nominal interest a month, basis points (300 = 3%)'),
  processingFeeBps: z.number().int().describe('of the principal, deducted from the proceeds, basis points'),
  dailyPenaltyBps: z.number().int().describe('a day on the overdue amount only, basis points'),
  extensionDays: z.number().int(),
  extensionFeeBps: z
    .number()
    .int()
    .describe('price of one extension, of the outstanding principal, basis points'),
});
export type Product = z.infer<typeof Product>;

const centavos = z.number().int().describe('centavos');

/** A product chosen by id, with an amount and a tenure (GET: query strings, coerced). */
const productId = z
  .string({ message: 'required' })
  .min(1, 'required')
  .max(64, 'unknownProduct')
  .describe('From the product list');
/** A whole number above zero, from JSON or from form or query text. */
const positiveWholeNumber = wireNumber(z.number().int('invalid').positive('invalid'));

// The quote and the Disclosure Statement live in loan-shapes.ts (the back office reads them without this file).
export { DisclosureStatement, LoanQuote };

/** A borrower's loan order, as Home and Records show it. */
export const LoanOrder = z.object({
  orderId: z.string(),
  status: z
    .number()
    .int()
    .describe('LOAN_ORDER_STATUS (SPEC section 3): 1 applying, 14 confirm, 18 getMoney, ...'),
  label: z.enum(ORDER_STATUS_LABELS).describe("Records' label for the status (orderStatusLabel)"),
  productId: z.string(),
  amount: centavos.describe('centavos: the principal asked for'),
  tenureDays: z.number().int(),
  quote: LoanQuote.describe('the quote when the borrower applied: what they saw is what they get'),
  submitted: z.boolean().describe('true once submitOrder confirmed it: no cancellation after that'),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601: the last status change'),
});
export type LoanOrder = z.infer<typeof LoanOrder>;

/**
 * The milestones of an order as Home draws them (applied, approved, sent, due, paid): each the moment it
 * happened, null while it has not (docs/decisions/0040-home-knows-the-borrower.md).
 */
export const LoanTimeline = z.object({
  appliedAt: z.string().nullable().describe('ISO 8601: when the application was submitted for assessment'),
  approvedAt: z.string().nullable().describe('ISO 8601: when the assessment approved it'),
  sentAt: z.string().nullable().describe('ISO 8601: when the payout reached the borrower'),
  dueDate: z
    .string()
    .nullable()
    .describe(
      'YYYY-MM-DD (Manila): the last instalment, after any extension; null before the money was sent',
    ),
  paidAt: z.string().nullable().describe('ISO 8601: when the loan was repaid in full'),
});
export type LoanTimeline = z.infer<typeof LoanTimeline>;

/** A Records row: the order and, once the money was sent, the day it must be repaid in full. */
export const LoanOrderListItem = LoanOrder.extend({
  dueDate: z
    .string()
    .nullable()
    .describe('YYYY-MM-DD (Manila): the last instalment; null before disbursement'),
});
export type LoanOrderListItem = z.infer<typeof LoanOrderListItem>;

const orderId = z.string({ message: 'required' }).min(1, 'required').max(64, 'invalid');

/** Where a payout stands: queued (our job will send it), requested (the provider has it), succeeded, failed. */
export const PAYOUT_STATES = ['queued', 'requested', 'succeeded', 'failed'] as const;
/** Why the payout provider refused a transfer, as a key the server words in the borrower's language. */
/** accountRejected: the destination refused (another account is needed); providerRejected: the payout
 * provider refused or failed it for a reason of its own or the lender's (its balance, its limits). */
export const PAYOUT_FAILURES = ['accountRejected', 'providerRejected'] as const;

/** The disbursement of an order, as the lending screen shows it. */
export const Disbursement = z.object({
  orderId: z.string(),
  status: z
    .number()
    .int()
    .describe('LOAN_ORDER_STATUS: 18 getMoney, 7 lending, 10 payFail, 2 repaying once the money arrived'),
  netProceeds: centavos.describe('centavos: what reaches the borrower (principal less the processing fee)'),
  payout: z
    .object({
      state: z.enum(PAYOUT_STATES),
      accountKind: z.enum(['bank', 'wallet']),
      bankName: z.string().nullable(),
      accountNumberLast4: z.string(),
      failureReason: z.string().nullable().describe("why it failed, in the request's language"),
      startedAt: z.string().describe('ISO 8601'),
      expectedBy: z.string().describe('ISO 8601: when the money should arrive (the countdown)'),
      finishedAt: z.string().nullable().describe('ISO 8601, once it succeeded or failed'),
    })
    .nullable()
    .describe('the latest payout; null before get-money'),
  attempts: z.number().int().describe('payouts tried for this order (a new one after each account change)'),
});
export type Disbursement = z.infer<typeof Disbursement>;

/** The loan agreement and the statement it carries, as the borrower reads and signs them. */
export const LoanAgreement = z.object({
  orderId: z.string(),
  agreement: z.object({
    title: z.string(),
    sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  }),
  disclosure: DisclosureStatement,
  documentHash: z
    .string()
    .describe('lowercase hex SHA-256 of the canonical JSON of { agreement (English text), disclosure }'),
  signedAt: z.string().nullable().describe('ISO 8601; null until signed'),
  signedHash: z.string().nullable().describe('the documentHash the borrower signed; null until signed'),
});
export type LoanAgreement = z.infer<typeof LoanAgreement>;

// ---- Market (docs/decisions/0008-market.md) ----

/** A product of the market: any brand of the lender, named with its brand. */
export const MarketProduct = Product.extend({
  packageName: z.string().describe("the brand's package name: the channel to apply through"),
  appName: z.string(),
});
export type MarketProduct = z.infer<typeof MarketProduct>;

/** A loan order with the brand it was applied for through. */
export const MarketOrder = LoanOrder.extend({ packageName: z.string(), appName: z.string() });
export type MarketOrder = z.infer<typeof MarketOrder>;

/** Why the borrower cannot apply now, or null when they can. */
export const APPLY_BLOCKS = ['applicationIncomplete', 'loanInProgress', 'applyAgainLater'] as const;

const epochId = z
  .string({ message: 'required' })
  .min(1, 'required')
  .max(64, 'invalid')
  .describe('From create-epochid: the same id twice makes one order');

export const Coupon = z.object({
  couponId: z.string(),
  kind: z.enum(COUPON_KINDS),
  amount: centavos,
  state: z.enum(COUPON_STATES),
  grantedAt: z.string().describe('ISO 8601'),
  expiresAt: z.string().describe('ISO 8601: to be used before then'),
  orderId: z.string().nullable().describe('the order whose processing fee it was taken off'),
});
export type Coupon = z.infer<typeof Coupon>;

const Empty = z.object({});
const Nothing = z.null();

/** A success that is a file, not the envelope; errors are still envelopes. */
export interface FileAnswer {
  contentType: 'application/pdf' | 'image/jpeg' | 'application/zip';
  /** The envelope (`response`) answers too, when the request does not ask for the file. */
  orEnvelope?: boolean;
}

interface EndpointSchemas {
  route: ApiRoute;
  summary: string;
  tag: string;
  request: z.ZodType;
  response: z.ZodType;
  file?: FileAnswer;
}

function endpoint<N extends ApiName, Req extends z.ZodType, Res extends z.ZodType>(
  name: N,
  tag: string,
  summary: string,
  request: Req,
  response: Res,
  file?: FileAnswer,
) {
  return {
    route: API[name],
    tag,
    summary,
    request,
    response,
    ...(file ? { file } : {}),
  } satisfies EndpointSchemas;
}

/** The file endpoints' success answers: their content type, or none for envelope-only endpoints. */
export function fileAnswerOf(name: EndpointName): FileAnswer | undefined {
  return (ENDPOINTS[name] as EndpointSchemas).file;
}

export const ENDPOINTS = {
  getVerifyCode: endpoint(
    'getVerifyCode',
    'security',
    'Send a verification code by SMS. The answer is the same whether or not the number is registered.',
    z.object({ mobile, type: z.enum(VERIFY_CODE_PURPOSES).default('login') }),
    z.object({
      expiresInSeconds: z.number().int(),
      resendAfterSeconds: z.number().int(),
    }),
  ),
  existsByMobile: endpoint(
    'existsByMobile',
    'security',
    'Whether an account exists for this number (rate limited per client).',
    z.object({ mobile }),
    z.object({ exists: z.boolean() }),
  ),
  isRequiredVerificationCode: endpoint(
    'isRequiredVerificationCode',
    'security',
    'Whether signing in needs a code: true unless the account has a password (then a password may be used).',
    z.object({ mobile }),
    z.object({ required: z.boolean() }),
  ),
  register: endpoint(
    'register',
    'security',
    'Create an account with a register code, optionally with a password, and sign in.',
    z.object({ mobile, code: verifyCode, password: newPassword.optional() }),
    Session,
  ),
  login: endpoint(
    'login',
    'security',
    'Sign in with a login code (an unknown number gets an account) or a password. Ends any other session.',
    z
      .object({ mobile, code: verifyCode.optional(), password: passwordAttempt.optional() })
      .refine((body) => body.code !== undefined || body.password !== undefined, {
        message: 'codeOrPassword',
        path: ['code'],
      }),
    Session,
  ),
  getUserInfo: endpoint('getUserInfo', 'security', 'The signed-in borrower.', Empty, UserInfo),
  modifyPassword: endpoint(
    'modifyPassword',
    'security',
    'Set or change the password: the current password when one is set, otherwise a modifyPassword code.',
    z.object({
      oldPassword: passwordAttempt.optional(),
      code: verifyCode.optional(),
      newPassword,
    }),
    Nothing,
  ),
  resetPassword: endpoint(
    'resetPassword',
    'security',
    'Set a new password with a resetPassword code. Ends every session of the account.',
    z.object({ mobile, code: verifyCode, newPassword }),
    Nothing,
  ),
  logout: endpoint('logout', 'security', 'End this session.', Empty, Nothing),
  languageSelect: endpoint(
    'languageSelect',
    'user',
    'The languages the app and the server speak.',
    Empty,
    z.object({
      languages: z.array(z.object({ code: z.enum(LANGUAGES), name: z.string() })),
      current: z.enum(LANGUAGES),
    }),
  ),
  customerService: endpoint(
    'customerService',
    'market',
    "The brand's customer-service contacts.",
    Empty,
    z.object({
      appName: z.string(),
      email: z.string(),
      phone: z.string(),
      hours: z.string(),
      lender: z.object({
        corporateName: z.string(),
        secRegistrationNumber: z.string(),
        certificateOfAuthorityNumber: z.string(),
      }),
    }),
  ),
  appDownloadAddress: endpoint(
    'appDownloadAddress',
    'app',
    "Where to download the brand's native app.",
    Empty,
    z.object({ androidUrl: z.string().nullable(), iosUrl: z.string().nullable() }),
  ),
  crashLog: endpoint(
    'crashLog',
    'log',
    'Report a client error. Stored, bounded in size; keeps no personal data beyond what is sent.',
    z.object({
      message: z.string().min(1, 'required').max(2000, 'tooLong'),
      stack: z.string().max(16_000, 'tooLong').optional(),
      url: z.string().max(500, 'tooLong').optional(),
      appVersion: z.string().max(50, 'tooLong').optional(),
      mode: z.enum(['app', 'web', 'embedded']).optional(),
    }),
    Nothing,
  ),
  productList: endpoint(
    'productList',
    'loan',
    "The brand's loan products as the caller may borrow them, amounts in centavos: each up to its largest amount within the caller's credit line (a signed-in borrower's own; anyone else's is the brand's starter line), one whose smallest amount is above it left out (ADR 0068).",
    Empty,
    z.array(Product),
  ),

  // ---- Products and pricing ----
  productListByApp: endpoint(
    'productListByApp',
    'loan',
    "The products of the calling app's brand (from the packageName header): the same list as /loan/product/list, within the caller's credit line.",
    Empty,
    z.array(Product),
  ),
  stepAmount: endpoint(
    'stepAmount',
    'loan',
    "The amounts a borrower may choose for a product, smallest first, up to the caller's credit line (as the product list), and its tenures.",
    z.object({ productId }),
    z.object({
      productId: z.string(),
      amounts: z.array(centavos),
      tenureDays: z.array(z.number().int()),
    }),
  ),
  loanProductIndex: endpoint(
    'loanProductIndex',
    'loan',
    "The Home card: the brand's amount range (within the caller's credit line, as the product list) and tenures, and the cheapest representative example (the smallest amount at the shortest tenure). null when the brand offers no product within it.",
    Empty,
    z
      .object({
        productId: z.string().describe('the product of the example'),
        name: z.string(),
        minAmount: centavos,
        maxAmount: centavos,
        amountStep: centavos,
        tenureDays: z.array(z.number().int()),
        example: LoanQuote,
        effectiveYearlyRatePercent: z.string().describe("the example's, two decimals"),
      })
      .nullable(),
  ),
  confirmProductInfo: endpoint(
    'confirmProductInfo',
    'loan',
    "The quote and the Disclosure Statement for a product, an amount on its steps and one of its tenures, starting today (Manila), with the brand's lender details.",
    z.object({ productId, amount: positiveWholeNumber, tenureDays: positiveWholeNumber }),
    z.object({ product: Product, quote: LoanQuote, disclosure: DisclosureStatement }),
  ),
  creditInfo: endpoint(
    'creditInfo',
    'loan',
    "The borrower's credit line (ADR 0068): the most she may borrow now, up to the largest amount the brand's products offer; 0 while a written-off loan is still owed (ADR 0053). With whether the next loan is her first, the line the next loan repaid on time brings, and the policy version of its last change.",
    Empty,
    z.object({
      creditLimit: centavos,
      firstLoan: z.boolean().describe('true until the borrower has repaid a loan in full'),
      nextLimit: centavos
        .nullable()
        .describe('the line after the next loan repaid on time; null at the top, when frozen or while owing'),
      frozen: z
        .boolean()
        .describe("a loan overdue past the policy's days froze the line: it no longer climbs"),
      policyVersion: z.number().int().describe('the credit policy version of the last change of the line'),
    }),
  ),
  isWhiteList: endpoint(
    'isWhiteList',
    'loan',
    "Whether the borrower is a returning borrower in good standing, by her credit line's record (ADR 0068): its last change was a loan repaid in full on time (not one overdue past the policy's days), and it is not frozen.",
    Empty,
    z.object({ whiteListed: z.boolean() }),
  ),
  limitExceeded: endpoint(
    'limitExceeded',
    'loan',
    'Whether the borrower can borrow nothing more now: she has an open loan (one loan at a time), owes a written-off loan, or her credit line is below the smallest amount the brand lends (ADR 0068).',
    Empty,
    z.object({ exceeded: z.boolean() }),
  ),

  // ---- Loan orders ----
  applyLoanOrder: endpoint(
    'applyLoanOrder',
    'loan',
    "Apply for a loan: a product, an amount on its steps and one of its tenures. Needs a complete application (else 40904 naming the next step) and no open order (else 40905); the order starts in status 1 (applying) with the quote it was priced at. `bureauConsentVersion` records the borrower's consent to the credit-bureau inquiry, the version of the text shown beside Apply (ADR 0071); without it no bureau is asked and a policy that asks one refers the application to a person.",
    z.object({
      productId,
      amount: positiveWholeNumber,
      tenureDays: positiveWholeNumber,
      bureauConsentVersion: z
        .number()
        .int()
        .min(1)
        .max(BUREAU_CONSENT_VERSION)
        .optional()
        .describe('the version of the credit-bureau consent text the borrower was shown beside Apply'),
    }),
    LoanOrder,
  ),
  submitOrder: endpoint(
    'submitOrder',
    'loan',
    "Confirm the order just applied for (finish_loading): from then on it goes to assessment and can no longer be cancelled. Idempotent: a repeat answers the same order. Another borrower's order answers 404.",
    z.object({ orderId }),
    LoanOrder,
  ),
  latestLoanOrder: endpoint(
    'latestLoanOrder',
    'loan',
    "The borrower's latest order (null when none) and the Home state derived from it; after a rejection, why (plain reasons, RA 9510) and when a new application is possible (the policy's reapplyAfterDays, 30 in version 1).",
    Empty,
    z.object({
      order: LoanOrder.nullable(),
      homeState: z.enum(HOME_STATES),
      canApplyAgainAt: z
        .string()
        .nullable()
        .describe("ISO 8601, when rejected: the rejection plus the policy's reapplyAfterDays"),
      borrowerReasons: z
        .array(z.enum(BORROWER_REASONS))
        .describe(
          'when rejected: the main reasons in the words a borrower is told (never which fraud check matched); empty otherwise',
        ),
      refusedByPerson: z
        .boolean()
        .describe(
          'when rejected: a reviewer decided (a referred application), not the automated policy alone',
        ),
      assessmentDueAt: z
        .string()
        .nullable()
        .describe(
          'ISO 8601, while a submitted order is assessed: when the usual wait ends (USUAL_ASSESSMENT_MINUTES after submit)',
        ),
      dueDate: z
        .string()
        .nullable()
        .describe(
          'YYYY-MM-DD (Manila), when repaying or overdue: the next instalment, or the earliest one past due',
        ),
      amountDue: centavos
        .nullable()
        .describe(
          'centavos, with dueDate: that instalment, or every instalment past due, less payments, plus penalty and fees (from the ledger)',
        ),
      timeline: LoanTimeline.nullable().describe(
        "where the latest order stands, for Home's timeline; null when there is no order",
      ),
    }),
  ),
  loanOrderList: endpoint(
    'loanOrderList',
    'loan',
    "The borrower's orders, newest first (Records: Incomplete are the open ones, Finished the closed ones).",
    Empty,
    z.array(LoanOrderListItem),
  ),
  cancelAndApplyAgain: endpoint(
    'cancelAndApplyAgain',
    'loan',
    'Cancel the open order that was never submitted, so the borrower can apply again with other terms. After submitOrder: 40907, nothing changed. null when there is nothing to cancel.',
    Empty,
    LoanOrder.nullable(),
  ),
  cancelOrdersToday: endpoint(
    'cancelOrdersToday',
    'loan',
    "The borrower's orders cancelled today (Manila day), newest first.",
    Empty,
    z.array(LoanOrder),
  ),

  // ---- Market and coupons (docs/decisions/0008-market.md) ----
  marketIndex: endpoint(
    'marketIndex',
    'market',
    "The market: each brand of the lender that offers loans, with its products' amount range and tenures.",
    Empty,
    z.object({
      brands: z.array(
        z.object({
          packageName: z.string(),
          appName: z.string(),
          productCount: z.number().int(),
          minAmount: centavos,
          maxAmount: centavos,
          tenureDays: z.array(z.number().int()),
        }),
      ),
    }),
  ),
  lendingRecord: endpoint(
    'lendingRecord',
    'market',
    "The borrower's record with the lender, across its brands: loans disbursed, repaid, whether one ever fell overdue, and the open order.",
    Empty,
    z.object({
      loansDisbursed: z.number().int(),
      loansRepaid: z.number().int(),
      everOverdue: z.boolean(),
      lastRepaidAt: z.string().nullable().describe('ISO 8601'),
      openOrder: MarketOrder.nullable(),
    }),
  ),
  creditList: endpoint(
    'creditList',
    'market',
    'What the borrower may borrow now from each product of the market, up to her credit line (a product whose smallest amount is above it left out, ADR 0068), and why not when they cannot apply (one loan at a time, the 30-day wait after a rejection, an incomplete application).',
    Empty,
    z.array(
      z.object({
        productId: z.string(),
        name: z.string(),
        packageName: z.string(),
        appName: z.string(),
        minAmount: centavos,
        maxAmount: centavos.describe('centavos: the credit line on this product'),
        tenureDays: z.array(z.number().int()),
        canApply: z.boolean(),
        blockedBy: z.enum(APPLY_BLOCKS).nullable(),
        canApplyAgainAt: z.string().nullable().describe('ISO 8601, after a rejection'),
      }),
    ),
  ),
  epochScore: endpoint(
    'epochScore',
    'market',
    "The assessment of the borrower's latest application (an epoch is one attempt): pending, approved or rejected, with the policy's reason codes (docs/api.md, Assessment).",
    Empty,
    z.object({
      orderId: z.string().nullable(),
      outcome: z.enum(['none', 'notSubmitted', 'pending', 'approved', 'rejected']),
      reasons: z.array(z.string()),
      decidedAt: z.string().nullable().describe('ISO 8601'),
    }),
  ),
  repayColor: endpoint(
    'repayColor',
    'market',
    'The colour of the repay card: none (nothing to repay), green (next due date more than 3 days away), amber (due within 3 days), red (overdue).',
    Empty,
    z.object({
      color: z.enum(['none', 'green', 'amber', 'red']),
      orderId: z.string().nullable(),
      dueDate: z.string().nullable().describe('YYYY-MM-DD, Manila calendar'),
      daysLeft: z.number().int().nullable().describe('negative when past due'),
    }),
  ),
  repayProducts: endpoint(
    'repayProducts',
    'market',
    "The borrower's loans to repay across the lender's brands (one loan at a time: at most one), with the next due date.",
    Empty,
    z.array(
      MarketOrder.extend({
        productName: z.string(),
        nextDueDate: z.string().nullable().describe('YYYY-MM-DD, Manila calendar'),
        nextDueAmount: centavos.nullable(),
      }),
    ),
  ),
  productListMarket: endpoint(
    'productListMarket',
    'market',
    "Every active product of the lender's brands, each with its brand; the calling brand's first.",
    Empty,
    z.array(MarketProduct),
  ),
  loanOrderListMarket: endpoint(
    'loanOrderListMarket',
    'market',
    "The borrower's orders across the lender's brands, newest first, each with its brand.",
    Empty,
    z.array(MarketOrder),
  ),
  createEpochId: endpoint(
    'createEpochId',
    'market',
    'A new application attempt id, valid for 30 minutes: send it with apply-market so a repeated tap or a retried request makes one order.',
    Empty,
    z.object({ epochId: z.string(), expiresAt: z.string().describe('ISO 8601') }),
  ),
  applyMarket: endpoint(
    'applyMarket',
    'market',
    "Apply for a product of any of the lender's brands, through the same rules as /loan/loan-order/apply (complete application, one loan at a time, the rejection wait). The same epochId answers the order it made; an unknown or another borrower's epochId answers 404, an expired one 40921.",
    z.object({
      epochId,
      productId,
      amount: positiveWholeNumber,
      tenureDays: positiveWholeNumber,
    }),
    MarketOrder,
  ),
  applyMarketAgain: endpoint(
    'applyMarketAgain',
    'market',
    'Apply again after the latest order was cancelled or rejected (a rejection only once its 30-day wait is over, else 40908): the same product, amount and tenure unless others are given. Nothing to apply again for: 40920.',
    z.object({
      epochId,
      productId: productId.optional(),
      amount: positiveWholeNumber.optional(),
      tenureDays: positiveWholeNumber.optional(),
    }),
    MarketOrder,
  ),
  isRejectRecommendation: endpoint(
    'isRejectRecommendation',
    'market',
    "Whether to show other lenders' offers after a rejection: never. A rejected borrower is not pushed to other lenders; the answer says why, and when they may apply here again.",
    Empty,
    z.object({
      recommend: z.literal(false),
      reason: z.string().describe("in the request's language"),
      canApplyAgainAt: z.string().nullable().describe('ISO 8601, when the latest order was rejected'),
    }),
  ),
  couponList: endpoint(
    'couponList',
    'coupon',
    "The borrower's coupons, newest first: the ₱100 coupon granted when their first receiving account was verified.",
    Empty,
    z.array(Coupon),
  ),
  useCoupon: endpoint(
    'useCoupon',
    'coupon',
    "Use a coupon: taken off the processing fee (at most the fee) of the open order before signing, whose quote is repriced; with no such order it is reserved and the next application takes it. Used once (40922), before it expires (40923); another borrower's coupon answers 40420.",
    z.object({
      couponId: z.string({ message: 'required' }).min(1, 'required').max(64, 'invalid'),
    }),
    z.object({ coupon: Coupon, order: LoanOrder.nullable() }),
  ),

  // ---- Agreement ----
  loanAgreement: endpoint(
    'loanAgreement',
    'loan',
    "The loan agreement of the borrower's order in the request's language, with its Disclosure Statement (from the order's quote, starting on the approval day) and the hash to sign; once signed, the document that was signed. Another borrower's order answers 404. With `format=pdf`: the signed agreement as a PDF (application/pdf; 40950 before signing).",
    z.object({
      orderId,
      format: z
        .enum(['json', 'pdf'])
        .default('json')
        .describe('`pdf`: the signed agreement as a PDF file instead of the envelope'),
    }),
    LoanAgreement,
    { contentType: 'application/pdf', orEnvelope: true },
  ),
  loanRestructure: endpoint(
    'loanRestructure',
    'loan',
    "The new schedule of the borrower's overdue loan (ADR 0077): the one approved and waiting for her signature (figured for today, with the hash to sign and the last day to sign it), else the last she signed; beside it, the schedule it replaces. None: 404; another borrower's order: 404.",
    z.object({ orderId }),
    LoanRestructure.extend({ disclosure: DisclosureStatement.describe('the statement she reads and signs') }),
  ),
  signRestructure: endpoint(
    'signRestructure',
    'loan',
    'Sign the new schedule with a fresh `signAgreement` SMS code: only then does it take effect (one ledger journal, the loan current again, the new schedule in force, the old kept). `agreed` must be true; a documentHash that is not the current one answers 40902 (reload); priced above the caps in force today: 40968; past its 7 days: 40974; a wrong, expired or locked code answers 40006, 40007 or 40008 and signs nothing. A repeat answers the signature on record and posts nothing again.',
    z.object({
      orderId,
      documentHash: z.string({ message: 'required' }).min(1, 'required').max(128, 'invalid'),
      code: verifyCode,
      agreed: wireBoolean('agreementRequired')
        .refine((value) => value, 'agreementRequired')
        .describe('the tick: must be true'),
    }),
    LoanRestructure.extend({ disclosure: DisclosureStatement.describe('the statement she reads and signs') }),
  ),
  getMoneyContract: endpoint(
    'getMoneyContract',
    'loan',
    "The signed loan agreement of the borrower's order as a PDF (application/pdf): the agreement in the request's language, the Disclosure Statement and the signature record (time, client, SHA-256 of the signed document). 40950 before signing; another borrower's order answers 404.",
    z.object({ orderId }),
    z.null().describe('the PDF bytes, not an envelope'),
    { contentType: 'application/pdf' },
  ),
  signAgreement: endpoint(
    'signAgreement',
    'loan',
    "Sign the agreement of an approved order (status 14) with a fresh `signAgreement` SMS code sent to the borrower's own number: records the time, the client, the hash and the code's challenge, and moves the order to 18 (getMoney). `agreed` must be true (agreementRequired); a documentHash that is not the current one answers 40902 (reload); a wrong, expired or locked code answers 40006, 40007 or 40008 and signs nothing. A repeat answers the recorded signature.",
    z.object({
      orderId,
      documentHash: z.string({ message: 'required' }).min(1, 'required').max(128, 'invalid'),
      code: verifyCode,
      agreed: wireBoolean('agreementRequired')
        .refine((value) => value, 'agreementRequired')
        .describe('the tick: must be true'),
    }),
    LoanAgreement,
  ),

  // ---- Disbursement ----
  getMoney: endpoint(
    'getMoney',
    'loan',
    "Get the money of a signed order (status 18): moves it to 7 (lending) and queues the payout of the net proceeds to the borrower's verified account, in one transaction. A repeat while lending answers the same disbursement (a double tap never pays twice). Before signing: 40910; already paid out: 40911; after a failed payout: 40912 (change the account); account still being checked: 40913.",
    z.object({ orderId }),
    Disbursement,
  ),
  disbursement: endpoint(
    'disbursement',
    'loan',
    "Where the disbursement of the borrower's order stands (the lending screen polls it). Another borrower's order answers 404.",
    z.object({ orderId }),
    Disbursement,
  ),
  payoutResult: endpoint(
    'payoutResult',
    'loan',
    "Callback of the payout provider: the result of a payout, as JSON signed in `x-signature` (hex HMAC-SHA256 of `<x-timestamp>.<raw body>` with PAYOUT_WEBHOOK_SECRET), at most 5 minutes off; each eventId is applied once (docs/providers.md). paid: the order moves 7 → 2 (repaying) with its disbursement journal; failed: 7 → 10 (payFail). An amount other than the payout's: 409 40980, nothing changed.",
    z.object({
      eventId: z.string().min(1).max(64),
      payoutId: z.string().min(1).max(64).describe('our payout id, the idempotency key of the request'),
      outcome: z.enum(['paid', 'failed']),
      amount: centavos.describe('centavos the provider sent (paid) or would have sent (failed)'),
      failure: z.enum(PAYOUT_FAILURES).optional(),
    }),
    Nothing,
  ),

  // ---- Application flow ----
  applicationProgress: endpoint(
    'applicationProgress',
    'application',
    'Which application step comes next, from what the borrower has saved.',
    Empty,
    ApplicationProgress,
  ),
  profile: endpoint(
    'profile',
    'application',
    "The saved profile sections (values outside today's lists come back empty) and the progress.",
    Empty,
    Profile,
  ),
  saveBasicInfo: endpoint(
    'saveBasicInfo',
    'application',
    'Save personal information and residence (personal_infomation).',
    BasicInfo,
    ApplicationProgress,
  ),
  saveAdditionInfo: endpoint(
    'saveAdditionInfo',
    'application',
    'Save work and the two emergency contacts (additionalInfomation).',
    AdditionInfo,
    ApplicationProgress,
  ),
  identityCard: endpoint('identityCard', 'identity', 'The identity step as it stands.', Empty, IdentityCard),
  uploadIdFront: endpoint(
    'uploadIdFront',
    'identity',
    'Multipart: `file` (JPEG, PNG or WebP, checked by content, at most 8 MiB; stored re-encoded without EXIF) and `cardType`.',
    z.object({ cardType: wireNumber(z.number().int('invalid')).optional() }),
    UploadedImage,
  ),
  uploadIdBack: endpoint(
    'uploadIdBack',
    'identity',
    'Multipart: `file`, the back of the ID (as the front).',
    z.object({}),
    UploadedImage,
  ),
  saveFaceImage: endpoint(
    'saveFaceImage',
    'identity',
    'Multipart: `file`, a selfie from the front camera (as the front).',
    z.object({}),
    UploadedImage,
  ),
  identityImage: endpoint(
    'identityImage',
    'identity',
    "One of the caller's own identity images (image/jpeg). Never another borrower's: that answers 404.",
    z.object({ kind: z.enum(ID_IMAGE_KINDS) }),
    z.null().describe('the image bytes, not an envelope'),
    { contentType: 'image/jpeg' },
  ),
  idCardOcr: endpoint(
    'idCardOcr',
    'identity',
    'Read the uploaded ID with the identity provider.',
    z.object({ cardType: z.number().int() }),
    IdentityCard,
  ),
  finishUploadAllImg: endpoint(
    'finishUploadAllImg',
    'identity',
    'Confirm or correct what was read, then match the selfie to the ID.',
    OcrFields,
    IdentityCard,
  ),
  saveQuestionnaire: endpoint(
    'saveQuestionnaire',
    'application',
    'Answers to the 11 coded credit-history questions.',
    QuestionnaireAnswers,
    ApplicationProgress,
  ),
  bankList: endpoint(
    'bankList',
    'account',
    'Banks and e-wallets money can be sent to, with their codes and account-number lengths.',
    Empty,
    z.array(BankListEntry),
  ),
  verifyBankCard: endpoint(
    'verifyBankCard',
    'account',
    'Check an account number against the chosen bank or wallet before saving.',
    z.object({ bankCode: z.string().max(10), accountNumber: z.string().max(30) }),
    z.object({ valid: z.boolean(), message: z.string().nullable() }),
  ),
  getBankBranch: endpoint(
    'getBankBranch',
    'account',
    'Branches of a bank. Philippine transfers (InstaPay, PESONet) need none: always an empty list.',
    z.object({ bankCode: z.string().max(10).optional() }),
    z.array(z.object({ code: z.string(), name: z.string() })),
  ),
  addBankCard: endpoint(
    'addBankCard',
    'account',
    'Name the account that receives the money; the payout provider verifies it (poll getBindCardResult).',
    BankAccountInput,
    BankAccount,
  ),
  getBindCardResult: endpoint(
    'getBindCardResult',
    'account',
    'The account and its verification.',
    Empty,
    BankAccount,
  ),
  updateBankCard: endpoint(
    'updateBankCard',
    'account',
    'Change the account; needs a fresh changeBankCard SMS code.',
    BankAccountUpdate,
    BankAccount,
  ),
  submitApplication: endpoint(
    'submitApplication',
    'application',
    'Check that every step is complete; answers the progress (nextStep null when the borrower can apply).',
    z.object({ loanOrderId: z.string().max(64).optional() }),
    ApplicationProgress,
  ),
  uploadEnable: endpoint(
    'uploadEnable',
    'app',
    'Which device data the app may collect: all off (GUIDE section 6).',
    Empty,
    CollectionSwitchesResponse,
  ),
  uploadStatus: endpoint(
    'uploadStatus',
    'app',
    'What was collected from this borrower: nothing, since collection is off.',
    Empty,
    CollectionSwitchesResponse,
  ),
  identityProviderEcho: endpoint(
    'identityProviderEcho',
    'identity',
    'Webhook of the identity provider: the result of a read or a face match, as JSON signed in `x-signature` (hex HMAC-SHA256 of `<x-timestamp>.<raw body>`), at most 5 minutes off; each eventId is applied once (docs/providers.md).',
    z.object({
      eventId: z.string().max(64),
      verificationId: z.string().max(64),
      kind: z.enum(['ocr', 'faceMatch']),
      outcome: z.enum(['passed', 'failed']),
      failure: z.enum(['blurry', 'glare', 'notAnId', 'faceNotFound', 'faceMismatch']).optional(),
      fields: OcrFields.partial().optional(),
    }),
    Nothing,
  ),
  identityVerificationNumber: endpoint(
    'identityVerificationNumber',
    'identity',
    "The identity provider's verification number for the borrower's current check.",
    Empty,
    z.object({ verificationId: z.string().nullable() }),
  ),
  analyticsEvents: endpoint(
    'analyticsEvents',
    'log',
    'A batch of form events: which field was selected, typed in or left, never its value.',
    AnalyticsBatch,
    Nothing,
  ),
  repaymentDetail: endpoint(
    'repaymentDetail',
    'repayment',
    "What is due now and why, from the ledger: principal, interest, fees, penalty, paid so far; the due date, days overdue, the minimum and the open instruments. Another borrower's order answers 404.",
    z.object({ orderNo: z.string({ message: 'orderNoRequired' }).min(1, 'orderNoRequired').max(64) }),
    RepaymentDetail,
  ),
  collectionChannels: endpoint(
    'collectionChannels',
    'repayment',
    "The brand's repayment channels in the cashier's order (e-wallets, counters, banks), with whether each is open.",
    Empty,
    ChannelList,
  ),
  gatewayRepay: endpoint(
    'gatewayRepay',
    'repayment',
    'A hosted checkout (card, GCash, Maya): open `checkoutUrl`, where the borrower pays or cancels. 40930 past 24 hours; 40931 when the channel is closed; a repeat of the same channel and amount answers the open one.',
    instrumentRequest('gatewayRepay'),
    PaymentInstrument,
  ),
  onlineBankingLink: endpoint(
    'onlineBankingLink',
    'repayment',
    'A hosted checkout through online banking (BPI, UnionBank and other InstaPay banks).',
    instrumentRequest('onlineBankingLink'),
    PaymentInstrument,
  ),
  shareablePaymentLink: endpoint(
    'shareablePaymentLink',
    'repayment',
    'A hosted checkout link to send to someone who pays for the borrower; anyone with the link can pay it, for 24 hours.',
    instrumentRequest('shareablePaymentLink'),
    PaymentInstrument,
  ),
  counterReference: endpoint(
    'counterReference',
    'repayment',
    'An over-the-counter reference for 7-Eleven (CLiQQ), M Lhuillier or RD Pawnshop: the cashier types it and takes cash.',
    instrumentRequest('counterReference'),
    PaymentInstrument,
  ),
  billsPayReference: endpoint(
    'billsPayReference',
    'repayment',
    'A bills-payment reference to pay inside the GCash or Maya app (Bills → the lender).',
    instrumentRequest('billsPayReference'),
    PaymentInstrument,
  ),
  bankTransferDetails: endpoint(
    'bankTransferDetails',
    'repayment',
    "Bank-transfer instructions: the lender's collection account at the provider's bank and the reference to put in the transfer (InstaPay or PESONet).",
    instrumentRequest('bankTransferDetails'),
    PaymentInstrument,
  ),
  dedicatedAccount: endpoint(
    'dedicatedAccount',
    'repayment',
    'A virtual account number for this payment at the provider bank: any transfer to it is credited to the loan.',
    instrumentRequest('dedicatedAccount'),
    PaymentInstrument,
  ),
  paycoolsReservedAccount: endpoint(
    'paycoolsReservedAccount',
    'repayment',
    "A reserved virtual account (the spec's Paycools channel), as dedicated_account/create.",
    instrumentRequest('paycoolsReservedAccount'),
    PaymentInstrument,
  ),
  paysoVirtualAccount: endpoint(
    'paysoVirtualAccount',
    'repayment',
    "A virtual account (the spec's Payso channel), as dedicated_account/create.",
    instrumentRequest('paysoVirtualAccount'),
    PaymentInstrument,
  ),
  kxyPayVirtualAccount: endpoint(
    'kxyPayVirtualAccount',
    'repayment',
    "A virtual account (the spec's KXY Pay channel), as dedicated_account/create.",
    instrumentRequest('kxyPayVirtualAccount'),
    PaymentInstrument,
  ),
  collectionCallback: endpoint(
    'collectionCallback',
    'repayment',
    "The collections provider's callback (whatever the provider's name in the path): a payment's result as JSON signed in `x-signature` (hex HMAC-SHA256 of `<x-timestamp>.<raw body>`), at most 5 minutes off; each eventId is applied once, a paid one credited in the transaction of its ledger journal; a failure after a payment is refused (40933).",
    CollectionEvent,
    z.object({ outcome: z.enum(['credited', 'duplicate', 'failed']) }),
  ),
  portalRepaymentDetail: endpoint(
    'portalRepaymentDetail',
    'repayment',
    "Pay from a link without signing in: the order reference and the SMS code (getVerifyCode type `repayment` to the loan's mobile) answer only what is needed to pay.",
    PortalDetailRequest,
    PortalDetail,
  ),
  portalRepaymentConfirm: endpoint(
    'portalRepaymentConfirm',
    'repayment',
    'Pay from a link: creates an instrument for an amount and a channel; the code is used up.',
    PortalConfirmRequest,
    PaymentInstrument,
  ),

  // ---- Servicing: extension, proof of payment, closure ----
  extensionData: endpoint(
    'extensionData',
    'repay',
    "The extension of the borrower's loan before confirming (exhibition_period_detail): its price (within the total-cost cap, which it counts toward), the extension days, the due date now and after paying, and any extension order still waiting for payment. Another borrower's order answers 404.",
    z.object({ orderId }),
    ExtensionData,
  ),
  confirmExtensionOrder: endpoint(
    'confirmExtensionOrder',
    'repay',
    'Create the payable extension order at the price shown (valid 24 hours); a repeat while one is waiting answers that one. The borrower pays it through a collection channel; once credited the due date moves and an overdue loan is repaying again. 40940 when the loan cannot be extended.',
    z.object({ orderId }),
    ExtensionOrder,
  ),
  payExtensionOrder: endpoint(
    'payExtensionOrder',
    'repay',
    "Pay a confirmed extension order through a collection channel: a payment instrument for its exact price, valid until the order expires (a repeat answers the open one). Once the provider's callback credits it, the due date moves. null when the extension costs nothing (the cap): it is applied at once. An order paid or past its 24 hours: 40941.",
    z.object({
      extensionId: z.string({ message: 'required' }).min(1, 'required').max(64, 'invalid'),
      channel: z.enum(CHANNEL_IDS, { message: 'required' }),
    }),
    PaymentInstrument.nullable(),
  ),
  uploadVoucher: endpoint(
    'uploadVoucher',
    'repay',
    'Multipart: `file`, a photo or screenshot of the receipt of a payment made outside the app (JPEG, PNG or WebP, checked by content, at most 8 MiB; stored re-encoded without EXIF). Then tie it to the loan with save/user/voucher.',
    z.object({}),
    UploadedVoucher,
  ),
  saveVoucher: endpoint(
    'saveVoucher',
    'repay',
    "Send an uploaded proof of payment for review (within 48 hours) with the amount, the receipt's reference and the channel. Without an uploaded voucher: 40040 'Please add a photo of your receipt'. While it is under review, penalties on the loan pause. One proof under review per loan (40944).",
    SaveVoucherInput,
    Voucher,
  ),
  voucherList: endpoint(
    'voucherList',
    'repay',
    "The borrower's proofs of payment, newest first, with their review status and, when refused, the lender's reason.",
    z.object({ orderId: z.string().max(64, 'invalid').optional() }),
    z.array(Voucher),
  ),
  voucherImage: endpoint(
    'voucherImage',
    'repay',
    "One of the caller's own proof-of-payment images (image/jpeg). Another borrower's answers 404.",
    z.object({ voucherId: z.string().max(64, 'invalid') }),
    z.null().describe('the image bytes, not an envelope'),
  ),
  statementOfAccount: endpoint(
    'statementOfAccount',
    'repay',
    "The statement of account of the borrower's loan as a PDF (application/pdf): every movement (disbursement, payments, penalties, extension) and the balance, in the request's language. Another borrower's order answers 404.",
    z.object({ orderId }),
    z.null().describe('the PDF bytes, not an envelope'),
  ),
  clearanceLetter: endpoint(
    'clearanceLetter',
    'repay',
    "The clearance letter of a loan paid in full (status 4) as a PDF (application/pdf). Before that: 40943. Another borrower's order answers 404.",
    z.object({ orderId }),
    z.null().describe('the PDF bytes, not an envelope'),
  ),
  paymentReference: endpoint(
    'paymentReference',
    'repayment',
    "The loan's standing account number (any amount, any time; made on first ask); null when the provider has none (ADR 0047).",
    z.object({ orderNo: z.string({ message: 'orderNoRequired' }).min(1, 'orderNoRequired').max(64) }),
    PaymentReference,
  ),
  coolingOff: endpoint(
    'coolingOff',
    'repay',
    "The cooling-off of the borrower's loan (ADR 0038): whether it may still be cancelled, until when, and the amount that cancels it (what was received less what was paid; no interest, no fee). Another borrower's order answers 404.",
    z.object({ orderNo: z.string({ message: 'orderNoRequired' }).min(1, 'orderNoRequired').max(64) }),
    CoolingOff,
  ),
  cancelInCoolingOff: endpoint(
    'cancelInCoolingOff',
    'repay',
    'Ask to cancel the loan in its cooling-off period (a repeat answers the same). The borrower then pays `amount` through any channel (the cashier accepts that exact amount); the payment that reaches it within the period cancels the loan: one cancellation journal, interest and fees reversed, status 8. After the period: 40975; no period: 40976.',
    z.object({ orderNo: z.string({ message: 'orderNoRequired' }).min(1, 'orderNoRequired').max(64) }),
    CoolingOff,
  ),
  promiseToPay: endpoint(
    'promiseToPay',
    'repay',
    "The overdue screen's \"I'll pay on…\" (ADR 0075): whether the loan may be promised (overdue, owing), the days and amounts allowed, and her promise still running (hers or one an agent recorded on a call). Another borrower's order answers 404.",
    z.object({ orderNo: orderNoField }),
    PromiseToPay,
  ),
  makePromiseToPay: endpoint(
    'makePromiseToPay',
    'repay',
    "She promises to pay `amount` by `promisedFor`: from today to the brand's last day (40037), at least the least part payment (40038), at most what she owes (40039), one running at a time (40952), only while the loan is overdue (40953). Logged on the loan's collection case as a contact in the app, confirmed by SMS in her language; payments credited from now to that day that reach the amount keep it, else it is broken the day after.",
    MakePromiseInput,
    PromiseToPay,
  ),
  messages: endpoint(
    'messages',
    'user',
    "The borrower's inbox, newest first: the texts we sent them (reminders, sign-in alerts, account changes; never a code) and a receipt for each payment credited, with an unread mark.",
    MessagesRequest,
    MessagesPage,
  ),
  markMessagesRead: endpoint(
    'markMessagesRead',
    'user',
    'Marks every message sent up to `upTo` as read (never later than now); marking an older time changes nothing.',
    MarkMessagesReadRequest,
    z.null(),
  ),
  // Me → Privacy: her Data Privacy Act requests (issue 23, ADR 0086).
  myPrivacyRequests: endpoint(
    'myPrivacyRequests',
    'user',
    'Her data privacy requests, newest first: kind, when received, the day each must be answered by (30 working days), status and the written answer.',
    z.object({}),
    MyPrivacyRequests,
  ),
  privacyDownload: endpoint(
    'privacyDownload',
    'user',
    "Everything held about her as a ZIP (application/zip): `data.json` (every table's rows) and a CSV per table, secrets withheld. Needs a fresh `privacyRequest` SMS code (a wrong, expired or locked code answers 40006, 40007 or 40008). Recorded in the register as an access request from the app, answered at once. At most 3 a day (42913).",
    PrivacyDownloadRequest,
    z.null().describe('the ZIP bytes, not an envelope'),
    { contentType: 'application/zip' },
  ),
  privacyCorrection: endpoint(
    'privacyCorrection',
    'user',
    'Asks the desk to correct her data: which field (`CORRECTABLE_FIELDS`), what is wrong and what it should be. Needs a fresh `privacyRequest` SMS code. Recorded as a correction request from the app with its due day; 40087 when both texts are the same; at most 5 requests a day (42914).',
    PrivacyCorrectionRequest,
    MyPrivacyRequest,
  ),
  privacyErasure: endpoint(
    'privacyErasure',
    'user',
    'Asks the desk to delete her account, `understood` ticked (what is deleted, what the law keeps). Needs a fresh `privacyRequest` SMS code. Recorded as an erasure request from the app with its due day; one open at a time (40937); at most 5 requests a day (42914).',
    PrivacyErasureRequest,
    MyPrivacyRequest,
  ),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type RequestOf<N extends EndpointName> = z.input<(typeof ENDPOINTS)[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<(typeof ENDPOINTS)[N]['response']>;
