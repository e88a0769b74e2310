import { FIRST_SCREEN_API } from './first-screen-routes.ts';

/**
 * The clear path, method and body encoding of every endpoint, without schemas, so the web app's first
 * screen can call the API without loading the schema library. Request and response schemas live in
 * `endpoints.ts`, keyed by the same names.
 */
export type HttpMethod = 'GET' | 'POST';
/** GET sends its payload as query parameters; login is form-urlencoded (SPEC section 7); uploads are multipart. */
export type BodyEncoding = 'query' | 'json' | 'form' | 'multipart';
/** `required`: a valid session token or a session code; `none`: anyone. Staff use /ops/api (contract ops/). */
export type AuthRule = 'none' | 'required';

export interface ApiRoute {
  method: HttpMethod;
  path: string;
  encoding: BodyEncoding;
  auth: AuthRule;
}

export const API = {
  getVerifyCode: { method: 'POST', path: '/security/getVerifyCode', encoding: 'json', auth: 'none' },
  existsByMobile: { method: 'GET', path: '/security/existsByMobile', encoding: 'query', auth: 'none' },
  isRequiredVerificationCode: {
    method: 'GET',
    path: '/security/isRequiredVerificationCode',
    encoding: 'query',
    auth: 'none',
  },
  register: { method: 'POST', path: '/security/register', encoding: 'json', auth: 'none' },
  login: { method: 'POST', path: '/security/login', encoding: 'form', auth: 'none' },
  getUserInfo: FIRST_SCREEN_API.getUserInfo,
  modifyPassword: { method: 'POST', path: '/security/modifyPassword', encoding: 'json', auth: 'required' },
  resetPassword: { method: 'POST', path: '/security/resetPassword', encoding: 'json', auth: 'none' },
  logout: { method: 'POST', path: '/security/logout', encoding: 'json', auth: 'required' },
  languageSelect: { method: 'GET', path: '/user/languageSelect', encoding: 'query', auth: 'none' },
  customerService: { method: 'GET', path: '/loanMarket/customer-service', encoding: 'query', auth: 'none' },
  appDownloadAddress: { method: 'GET', path: '/app-download/getAddress', encoding: 'query', auth: 'none' },
  crashLog: { method: 'POST', path: '/log/crash-log', encoding: 'json', auth: 'none' },
  productList: FIRST_SCREEN_API.productList,

  // Products and pricing (issue "Loan lifecycle").
  productListByApp: { method: 'GET', path: '/loan/product/list/byapp', encoding: 'query', auth: 'none' },
  stepAmount: { method: 'GET', path: '/loan/step-amount', encoding: 'query', auth: 'none' },
  loanProductIndex: { method: 'GET', path: '/loan/loan-product/index', encoding: 'query', auth: 'none' },
  confirmProductInfo: {
    method: 'GET',
    path: '/loan/confirm/product-info',
    encoding: 'query',
    auth: 'none',
  },
  creditInfo: { method: 'GET', path: '/loan/get-credit-info', encoding: 'query', auth: 'required' },
  isWhiteList: { method: 'GET', path: '/loan/is-white-list', encoding: 'query', auth: 'required' },
  limitExceeded: {
    method: 'GET',
    path: '/loan/lending/limitExceeded',
    encoding: 'query',
    auth: 'required',
  },

  // Loan orders (issue "Loan lifecycle").
  applyLoanOrder: { method: 'POST', path: '/loan/loan-order/apply', encoding: 'json', auth: 'required' },
  submitOrder: { method: 'POST', path: '/loan/submitOrder', encoding: 'json', auth: 'required' },
  latestLoanOrder: FIRST_SCREEN_API.latestLoanOrder,
  loanOrderList: { method: 'GET', path: '/loan/loan-order/list', encoding: 'query', auth: 'required' },
  cancelAndApplyAgain: {
    method: 'GET',
    path: '/loan/cancelAndApplyAgain',
    encoding: 'query',
    auth: 'required',
  },
  cancelOrdersToday: {
    method: 'GET',
    path: '/loan/cancel-orders/today',
    encoding: 'query',
    auth: 'required',
  },

  // Market: the lender's products across its brands (issue "Loan lifecycle", docs/decisions/0008-market.md).
  marketIndex: { method: 'GET', path: '/loanMarket/index', encoding: 'query', auth: 'none' },
  lendingRecord: { method: 'GET', path: '/loanMarket/lending-record', encoding: 'query', auth: 'required' },
  creditList: { method: 'GET', path: '/loanMarket/credit-list', encoding: 'query', auth: 'required' },
  epochScore: { method: 'GET', path: '/loanMarket/epoch-score', encoding: 'query', auth: 'required' },
  repayColor: { method: 'GET', path: '/loanMarket/repay-color', encoding: 'query', auth: 'required' },
  repayProducts: {
    method: 'GET',
    path: '/loanMarket/repay/products',
    encoding: 'query',
    auth: 'required',
  },
  productListMarket: { method: 'GET', path: '/loan/product/list-market', encoding: 'query', auth: 'none' },
  loanOrderListMarket: {
    method: 'GET',
    path: '/loan/loan-order/list-market',
    encoding: 'query',
    auth: 'required',
  },
  createEpochId: {
    method: 'GET',
    path: '/loan/loan-order/create-epochid',
    encoding: 'query',
    auth: 'required',
  },
  applyMarket: { method: 'POST', path: '/loan/loan-order/apply-market', encoding: 'json', auth: 'required' },
  applyMarketAgain: {
    method: 'POST',
    path: '/loan/loan-order/apply-market-again',
    encoding: 'json',
    auth: 'required',
  },
  isRejectRecommendation: {
    method: 'GET',
    path: '/app/isRejectRecommendation',
    encoding: 'query',
    auth: 'required',
  },
  couponList: { method: 'GET', path: '/lottery-draw/coupon/list', encoding: 'query', auth: 'required' },
  useCoupon: { method: 'POST', path: '/lottery-draw/coupon/use', encoding: 'json', auth: 'required' },

  // Agreement (issue "Loan lifecycle").
  loanAgreement: { method: 'GET', path: '/loan/loanAgreement', encoding: 'query', auth: 'required' },
  signAgreement: { method: 'POST', path: '/loan/agreement/sign', encoding: 'json', auth: 'required' },
  // A restructure of an overdue loan the borrower signs (issue 22, ADR 0077).
  loanRestructure: { method: 'GET', path: '/loan/restructure', encoding: 'query', auth: 'required' },
  signRestructure: { method: 'POST', path: '/loan/restructure/sign', encoding: 'json', auth: 'required' },
  getMoneyContract: {
    method: 'GET',
    path: '/loan/get-money/contract',
    encoding: 'query',
    auth: 'required',
  },

  // Disbursement (issue "Loan lifecycle").
  getMoney: { method: 'GET', path: '/loan/get-money', encoding: 'query', auth: 'required' },
  disbursement: { method: 'GET', path: '/loan/get-money/status', encoding: 'query', auth: 'required' },
  payoutResult: { method: 'POST', path: '/callback/payout/result', encoding: 'json', auth: 'none' },

  // Application flow: profile, identity, questionnaire, account (issue "Application flow").
  applicationProgress: {
    method: 'GET',
    path: '/user/application-progress',
    encoding: 'query',
    auth: 'required',
  },
  profile: { method: 'GET', path: '/user/profile', encoding: 'query', auth: 'required' },
  saveBasicInfo: { method: 'POST', path: '/user/saveBasicInfo', encoding: 'json', auth: 'required' },
  saveAdditionInfo: {
    method: 'POST',
    path: '/user/saveAdditionInfo-market',
    encoding: 'json',
    auth: 'required',
  },
  identityCard: { method: 'GET', path: '/user/identity-card', encoding: 'query', auth: 'required' },
  uploadIdFront: {
    method: 'POST',
    path: '/user/upload/otherCard/front',
    encoding: 'multipart',
    auth: 'required',
  },
  uploadIdBack: {
    method: 'POST',
    path: '/user/upload/otherCard/back',
    encoding: 'multipart',
    auth: 'required',
  },
  saveFaceImage: { method: 'POST', path: '/user/saveFaceImage', encoding: 'multipart', auth: 'required' },
  identityImage: { method: 'GET', path: '/user/identity-image', encoding: 'query', auth: 'required' },
  idCardOcr: { method: 'POST', path: '/user/otherCardOcr', encoding: 'json', auth: 'required' },
  finishUploadAllImg: {
    method: 'POST',
    path: '/user/finishUploadAllImg',
    encoding: 'json',
    auth: 'required',
  },
  saveQuestionnaire: { method: 'POST', path: '/user/save/questionnaire', encoding: 'json', auth: 'required' },
  bankList: { method: 'GET', path: '/app/paystack/bank-list', encoding: 'query', auth: 'none' },
  verifyBankCard: { method: 'GET', path: '/user/verifyBankCard', encoding: 'query', auth: 'required' },
  getBankBranch: { method: 'GET', path: '/user/getBankBranch', encoding: 'query', auth: 'required' },
  addBankCard: { method: 'POST', path: '/user/addBankCard', encoding: 'json', auth: 'required' },
  getBindCardResult: { method: 'POST', path: '/user/getBindCardResult', encoding: 'json', auth: 'required' },
  updateBankCard: { method: 'POST', path: '/user/update-bankCard', encoding: 'json', auth: 'required' },
  submitApplication: { method: 'POST', path: '/user/submit', encoding: 'json', auth: 'required' },
  uploadEnable: { method: 'GET', path: '/time/upload/enable', encoding: 'query', auth: 'none' },
  uploadStatus: { method: 'GET', path: '/time/upload/uploadStatus', encoding: 'query', auth: 'required' },
  identityProviderEcho: { method: 'POST', path: '/mati/get-echo-data', encoding: 'json', auth: 'none' },
  identityVerificationNumber: {
    method: 'GET',
    path: '/mati/verify-mati-no',
    encoding: 'query',
    auth: 'required',
  },
  analyticsEvents: { method: 'POST', path: '/log/events', encoding: 'json', auth: 'none' },

  // Repayment (issue "Repayment"): what is due, the channels, the instruments, the provider's callback and
  // paying from a link. Every instrument endpoint is served by the one configured collections provider.
  repaymentDetail: { method: 'GET', path: '/repay/repay-order/detail', encoding: 'query', auth: 'required' },
  collectionChannels: { method: 'GET', path: '/loan/channel/detail', encoding: 'query', auth: 'required' },
  gatewayRepay: { method: 'POST', path: '/repay/gatewayRepay', encoding: 'json', auth: 'required' },
  onlineBankingLink: {
    method: 'POST',
    path: '/repay/fund-mx-pay/repay-link',
    encoding: 'json',
    auth: 'required',
  },
  shareablePaymentLink: {
    method: 'POST',
    path: '/repay/payso/repay-link',
    encoding: 'json',
    auth: 'required',
  },
  counterReference: { method: 'GET', path: '/repay/getOXXOReference', encoding: 'query', auth: 'required' },
  billsPayReference: { method: 'GET', path: '/repay/xpay/repay-link', encoding: 'query', auth: 'required' },
  bankTransferDetails: { method: 'GET', path: '/repay/getStpClabe', encoding: 'query', auth: 'required' },
  dedicatedAccount: {
    method: 'GET',
    path: '/repay/dedicated_account/create',
    encoding: 'query',
    auth: 'required',
  },
  paycoolsReservedAccount: {
    method: 'GET',
    path: '/repay/paycools/reserved-account',
    encoding: 'query',
    auth: 'required',
  },
  paysoVirtualAccount: {
    method: 'POST',
    path: '/repay/payso/repay-virtual-account',
    encoding: 'json',
    auth: 'required',
  },
  kxyPayVirtualAccount: {
    method: 'POST',
    path: '/repay/kxy-pay/repay-virtual-account',
    encoding: 'json',
    auth: 'required',
  },
  collectionCallback: {
    method: 'POST',
    path: '/callback/razorpay/repayResult',
    encoding: 'json',
    auth: 'none',
  },
  portalRepaymentDetail: { method: 'GET', path: '/portal/repayment/detail', encoding: 'query', auth: 'none' },
  portalRepaymentConfirm: {
    method: 'POST',
    path: '/portal/repayment/confirm',
    encoding: 'json',
    auth: 'none',
  },

  // Servicing: extension, proof of payment, closure documents (issue "Repayment").
  extensionData: { method: 'GET', path: '/repay/getExtensionData', encoding: 'query', auth: 'required' },
  confirmExtensionOrder: {
    method: 'GET',
    path: '/repay/confirmExtensionOrder',
    encoding: 'query',
    auth: 'required',
  },
  payExtensionOrder: { method: 'POST', path: '/repay/extension/pay', encoding: 'json', auth: 'required' },
  uploadVoucher: {
    method: 'POST',
    path: '/repay/upload/user/voucher',
    encoding: 'multipart',
    auth: 'required',
  },
  saveVoucher: { method: 'POST', path: '/repay/save/user/voucher', encoding: 'json', auth: 'required' },
  voucherList: { method: 'POST', path: '/repay/get/voucher/list', encoding: 'json', auth: 'required' },
  voucherImage: { method: 'GET', path: '/repay/voucher/image', encoding: 'query', auth: 'required' },
  statementOfAccount: {
    method: 'GET',
    path: '/repay/statement-of-account',
    encoding: 'query',
    auth: 'required',
  },
  clearanceLetter: { method: 'GET', path: '/repay/clearance-letter', encoding: 'query', auth: 'required' },
  /** The loan's one number to pay with (ADR 0047). */
  paymentReference: { method: 'GET', path: '/repay/payment-reference', encoding: 'query', auth: 'required' },
  // Cooling-off (ADR 0038).
  coolingOff: { method: 'GET', path: '/repay/cooling-off', encoding: 'query', auth: 'required' },
  cancelInCoolingOff: {
    method: 'POST',
    path: '/repay/cooling-off/cancel',
    encoding: 'json',
    auth: 'required',
  },

  // Promises to pay from the overdue screen (issue 22, ADR 0075).
  promiseToPay: { method: 'GET', path: '/repay/promise-to-pay', encoding: 'query', auth: 'required' },
  makePromiseToPay: {
    method: 'POST',
    path: '/repay/promise-to-pay/make',
    encoding: 'json',
    auth: 'required',
  },

  // The borrower's inbox (issue #11, "Missing screens").
  messages: { method: 'GET', path: '/user/messages', encoding: 'query', auth: 'required' },
  markMessagesRead: { method: 'POST', path: '/user/messages/read', encoding: 'json', auth: 'required' },

  // Me → Privacy: her Data Privacy Act requests (issue 23, ADR 0086).
  myPrivacyRequests: { method: 'GET', path: '/user/privacy/requests', encoding: 'query', auth: 'required' },
  privacyDownload: { method: 'POST', path: '/user/privacy/download', encoding: 'json', auth: 'required' },
  privacyCorrection: { method: 'POST', path: '/user/privacy/correction', encoding: 'json', auth: 'required' },
  privacyErasure: { method: 'POST', path: '/user/privacy/erasure', encoding: 'json', auth: 'required' },
} as const satisfies Record<string, ApiRoute>;

export type ApiName = keyof typeof API;

export { API_PREFIX, HEADERS, REQUEST_TIMEOUT_MS } from './wire.ts';
/** Liveness: the process answers. */
export const HEALTH_PATH = '/healthz';
/** Readiness: the database answers and its schema is up to date. */
export const READY_PATH = '/readyz';
/** Prometheus metrics (docs/operations.md): behind METRICS_TOKEN, off in production without one. */
export const METRICS_PATH = '/metrics';
export const DEV_SMS_OUTBOX_PATH = '/dev/sms';
/** Moves the server's clock forward outside production (browser journeys of overdue loans). */
export const DEV_CLOCK_PATH = '/dev/clock';
/** The sandbox collections provider's cashier: marks a reference or account paid (development only). */
export const DEV_COLLECTIONS_PAY_PATH = '/dev/collections/pay';
/** Closes a brand's repayment channels as a lender would (development and browser journeys only). */
export const DEV_CLOSED_CHANNELS_PATH = '/dev/collections/closed-channels';
/** The sandbox collections provider's hosted checkout page, `/sandbox/checkout/<instrumentId>`. */
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';

/**
 * The request's id: sent back on every answer and in every error envelope, and in every log line of the
 * request. An incoming one (from a proxy or the client) is kept only when it matches REQUEST_ID_PATTERN.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Letters, digits and `.`, `_`, `:`, `-`, 1 to 128 of them: safe in a log line and in a header. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
