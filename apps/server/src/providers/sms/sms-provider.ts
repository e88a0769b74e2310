/**
 * Sends text messages to borrowers. The sandbox keeps them in a table; a real gateway (GUIDE section 7)
 * is another implementation of this interface, chosen by SMS_PROVIDER.
 */
export interface SmsMessage {
  /** E.164 mobile number. */
  to: string;
  text: string;
}

export interface SmsSendOptions {
  /** Why the message is sent (`login`, `register`, `newDevice`...), for the outbox and the provider's reports. */
  purpose: string;
  /** The brand the borrower uses: a real gateway sends under its SMS sender name. */
  packageName?: string;
  /** The message carries a sign-in or confirmation code: a gateway's priority route, where it has one. */
  urgent?: boolean;
  /**
   * What the text was made from, kept in the outbox so the borrower's inbox can word it in the language they
   * read now (ADR 0041). Never for a code.
   */
  template?: SmsTemplate;
}

export interface SmsTemplate {
  kind: string;
  values: Record<string, string>;
}

/** What the back office shows of a message: queued at the gateway, handed to the network, delivered, failed. */
export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string, options: SmsSendOptions): Promise<void>;
}
