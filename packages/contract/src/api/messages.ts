import { z } from 'zod';
import { wireNumber } from './wire-values.ts';

/**
 * The borrower's inbox (the `messages` screen, SPEC section 2): every text we sent them that they may read
 * again (reminders, sign-in alerts, account changes) and a receipt for each payment credited, newest first.
 * Codes are never listed: a code on a screen is a code someone else can read over a shoulder.
 */

/**
 * What staff did that changed what a borrower owes or where her application stands: each is a notice in her
 * inbox, texted too where money moved (issue 19, point 5; ADR 0055).
 */
export const BORROWER_NOTICE_KINDS = [
  'paymentReversed',
  'penaltyWaived',
  'paymentCredited',
  'proofCredited',
  'proofRejected',
  'applicationApproved',
  /** Approved after review at a lower amount than applied for (ADR 0068): `amount` is the new one. */
  'applicationApprovedLower',
  'applicationRejected',
  'writtenOff',
  'overpaymentRefunded',
  'loanCancelled',
  /** Staff changed her credit line (an approved proposal, issue 21): `amount` is the new line. */
  'creditLineChanged',
  /** Staff put her credit line on hold at `amount`: it no longer grows until it is reviewed again. */
  'creditLineFrozen',
  /** After a person reviewed her refusal (issue 21): she may apply again now. */
  'reapplyAllowed',
  /** She disputes the debt (issue 22; ADR 0076): collection messages and penalties pause until it is reviewed. */
  'disputeOpened',
  /** The review found she was right. */
  'disputeUpheld',
  /** The review found the debt stands: collection resumes. */
  'disputeRejected',
  /** A new schedule for her overdue loan was approved (ADR 0077): she reads and signs it in the app. */
  'restructureOffered',
  /** She signed the new schedule: it is in effect; `amount` is its total payable. */
  'restructured',
  /** Staff paused the late penalty on her loan for some days (a payment holiday, ADR 0077). */
  'penaltiesPaused',
  /** Her dispute of what we report to the CIC was upheld (ADR 0084): a correction goes to the CIC. */
  'creditReportCorrected',
  /** Her dispute of what we report to the CIC was reviewed and the data found right. */
  'creditReportConfirmed',
  /** Her request to correct her personal data was carried out (issue 23; ADR 0088). */
  'personalDataCorrected',
] as const;
export type BorrowerNoticeKind = (typeof BORROWER_NOTICE_KINDS)[number];

/** What a message is about; the screen picks its icon and heading from it. */
export const MESSAGE_KINDS = [
  'reminder',
  'signInAlert',
  'accountChanged',
  'alreadyRegistered',
  /** Her own promise to pay from the app, confirmed by SMS (ADR 0075). */
  'promiseConfirmed',
  'paymentReceived',
  /** The receipt of a payment later reversed: it no longer thanks her for money that did not stay. */
  'paymentReceivedReversed',
  ...BORROWER_NOTICE_KINDS,
  /** A personal data breach touched her data (ADR 0087): what happened and what to do, texted. */
  'dataBreach',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The server's SMS purposes the inbox shows, and their kinds: anything else (codes) stays out. */
export const INBOX_SMS_PURPOSES = {
  reminder: 'reminder',
  newDevice: 'signInAlert',
  accountChanged: 'accountChanged',
  alreadyRegistered: 'alreadyRegistered',
  promise: 'promiseConfirmed',
  dataBreach: 'dataBreach',
} as const satisfies Record<string, MessageKind>;

export const MESSAGES_PAGE_SIZE = 20;
/** Deep enough for years of a borrower's messages; a bigger page number is a mistake, not a request. */
export const MESSAGES_MAX_PAGE = 500;

export const MessagesRequest = z.object({
  page: wireNumber(z.number().int('invalid').min(1, 'invalid').max(MESSAGES_MAX_PAGE, 'invalid'))
    .optional()
    .describe(`1 (newest, the default) and up; ${MESSAGES_PAGE_SIZE} a page`),
});

export const InboxMessage = z.object({
  messageId: z
    .string()
    .describe(
      'stable: `sms-<n>` for a text, `pay-<journal>` for a payment receipt, `notice-<id>` for a staff change',
    ),
  kind: z.enum(MESSAGE_KINDS),
  via: z
    .enum(['sms', 'app'])
    .describe(
      'sms: texted to the borrower (a staff change: texted, or to be texted after the quiet hours); app: a notice shown here only',
    ),
  text: z
    .string()
    .describe(
      "in the request's language (a text from the template it was sent from; as sent when none was kept)",
    ),
  sentAt: z.string().describe('ISO 8601'),
  unread: z.boolean().describe('sent after the newest message the borrower marked read'),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

export const MessagesPage = z.object({
  messages: z.array(InboxMessage),
  page: z.number().int(),
  hasMore: z.boolean().describe('an older page exists'),
  unreadCount: z.number().int().describe('unread messages on every page'),
});
export type MessagesPage = z.infer<typeof MessagesPage>;

export const MarkMessagesReadRequest = z.object({
  upTo: z
    .string({ message: 'required' })
    .max(40, 'invalid')
    .refine((text) => !Number.isNaN(Date.parse(text)), 'invalid')
    .describe('ISO 8601: the newest `sentAt` the borrower has seen; later messages stay unread'),
});
