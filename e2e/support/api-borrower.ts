import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ApiName } from '@hiram/contract/api/routes';
import { API, DEV_CLOSED_CHANNELS_PATH } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { type PsgcJson, psgcData } from '@hiram/contract/psgc';
import { expect } from 'vitest';
import { ADDITION_INFO, ANSWERS, basicInfo } from './borrower-answers.ts';
import { photo } from './images.ts';
import { phoneAddressHeader } from './phone-address.ts';
import { latestCode, passResendCooldown } from './sms.ts';

/**
 * The application through the API (clear paths, as the test server allows), for journeys that start where
 * the application-flow journey, which covers those screens in the browser, ends: a borrower with a signed
 * loan that has been paid out.
 */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class ApiBorrower {
  /** This borrower's phone's address (see phone-address.ts). */
  private readonly address = phoneAddressHeader();
  /** Reads the newest code on the borrower's phone: the sandbox outbox, or a real SMS provider's fake. */
  readCode: (mobile: string) => Promise<string> = (mobile) => latestCode(this.baseURL, mobile);

  constructor(
    readonly baseURL: string,
    readonly mobile: string,
    private token = '',
  ) {}

  /** The same borrower, signed in, calling another server of the same install. */
  on(baseURL: string): ApiBorrower {
    return new ApiBorrower(baseURL, this.mobile, this.token);
  }

  /** The session, for a browser to start signed in (localStorage `hiram.token`) where sign-in is not the point. */
  get sessionToken(): string {
    return this.token;
  }

  /** Calls an endpoint and expects it to succeed (envelope code 0); answers its data. */
  async call<T = Record<string, unknown>>(name: ApiName, payload: Record<string, unknown> = {}): Promise<T> {
    const { envelope } = await this.send<T>(name, payload);
    expect(envelope.code, `${name}: ${JSON.stringify(envelope)}`).toBe(0);
    return envelope.data;
  }

  /** Calls an endpoint and answers the HTTP status and the envelope, whatever they are. */
  async send<T = Record<string, unknown>>(
    name: ApiName,
    payload: Record<string, unknown> = {},
  ): Promise<{ status: number; envelope: Envelope<T> }> {
    const route = API[name];
    const headers: Record<string, string> = { packagename: DEFAULT_PACKAGE_NAME, ...this.address };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let url = `${this.baseURL}/api${route.path}`;
    let body: string | undefined;
    if (route.method === 'GET') {
      url += `?${new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
    } else if (route.encoding === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(payload as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(payload);
    }
    const response = await fetch(url, { method: route.method, headers, ...(body ? { body } : {}) });
    return { status: response.status, envelope: (await response.json()) as Envelope<T> };
  }

  private async upload<T = unknown>(
    name: ApiName,
    file: string,
    fields: Record<string, string> = {},
  ): Promise<T> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new Blob([readFileSync(file)], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${this.baseURL}/api${API[name].path}`, {
      method: 'POST',
      headers: {
        packagename: DEFAULT_PACKAGE_NAME,
        authorization: `Bearer ${this.token}`,
        ...this.address,
      },
      body: form,
    });
    const envelope = (await response.json()) as Envelope<T>;
    expect(envelope.code, name).toBe(0);
    return envelope.data;
  }

  /** A receipt photo uploaded as a proof of payment and sent for review (the 48-hour promise starts). */
  async sendProof(orderId: string, amount: number, reference: string): Promise<string> {
    const { voucherId } = await this.upload<{ voucherId: string }>(
      'uploadVoucher',
      await photo('proof-receipt'),
    );
    await this.call('saveVoucher', { voucherId, orderId, amount, reference, channel: 'gcash' });
    return voucherId;
  }

  /**
   * A new account with a password, so the browser can sign in with the password afterwards: a second SMS
   * code to the same number would have to wait out the 60-second resend limit.
   */
  async register(password: string): Promise<void> {
    await this.call('getVerifyCode', { mobile: this.mobile, type: 'register' });
    const session = await this.call<{ token: string }>('register', {
      mobile: this.mobile,
      code: await this.readCode(this.mobile),
      password,
    });
    this.token = session.token;
  }

  /** Signs in again with the password (a browser sign-in of the same borrower ended this session). */
  async logIn(password: string): Promise<void> {
    const session = await this.call<{ token: string }>('login', { mobile: this.mobile, password });
    this.token = session.token;
  }

  /** Until `check` is true of what `name` answers (the sandbox providers answer in the background). */
  async until<T>(name: ApiName, check: (data: T) => boolean): Promise<T> {
    let data = await this.call<T>(name);
    const deadline = Date.now() + 20_000;
    while (!check(data) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      data = await this.call<T>(name);
    }
    expect(check(data), `${name}: ${JSON.stringify(data)}`).toBe(true);
    return data;
  }

  /**
   * Every application step, then the loan applied for, approved, signed and paid out. A wallet number
   * ending in 0000 makes the sandbox refuse the payout: wait `until` the Home state 'failed' then.
   */
  async takeLoanToRepayment(
    amount: number,
    tenureDays: number,
    options: { walletNumber?: string; until?: 'repaying' | 'failed' } = {},
  ): Promise<string> {
    const orderId = await this.takeLoanToSigned(amount, tenureDays, options.walletNumber);
    await this.payOut(orderId, options.until);
    return orderId;
  }

  /** Get money on a signed order, then waits for the Home state it leads to (`until`, repaying by default). */
  async payOut(orderId: string, until: 'repaying' | 'failed' = 'repaying'): Promise<void> {
    await this.call('getMoney', { orderId });
    await this.until<{ homeState: string }>('latestLoanOrder', (latest) => latest.homeState === until);
  }

  /**
   * Pays all that is owed at a sandbox counter (docs/providers.md) and waits for the loan to be finished;
   * answers the amount paid.
   */
  async repayInFull(orderId: string): Promise<number> {
    const owed = (await this.call<{ amountDue: number }>('latestLoanOrder')).amountDue;
    const counter = await this.call<{ reference: string }>('counterReference', {
      orderNo: orderId,
      payOrderId: '1',
      amount: owed,
      channel: 'seven_eleven',
    });
    await payAtCounter(this.baseURL, counter.reference);
    await this.until<{ order: { status: number } }>(
      'latestLoanOrder',
      (latest) => latest.order.status === LOAN_ORDER_STATUS.finished,
    );
    return owed;
  }

  /** Every application step, then the loan applied for, approved and signed: Get money is next. */
  async takeLoanToSigned(amount: number, tenureDays: number, walletNumber?: string): Promise<string> {
    await this.completeApplication(walletNumber);
    return this.signLoan(amount, tenureDays);
  }

  /** On a complete application: a loan applied for, approved and signed. */
  async signLoan(amount: number, tenureDays: number): Promise<string> {
    const { productId } = (await this.call<{ productId: string }[]>('productList'))[0] as {
      productId: string;
    };
    const order = await this.call<{ orderId: string }>('applyLoanOrder', { productId, amount, tenureDays });
    await this.call('submitOrder', { orderId: order.orderId });
    await this.until<{ homeState: string }>('latestLoanOrder', (latest) => latest.homeState === 'success');
    await this.sign(order.orderId);
    return order.orderId;
  }

  /** Signs the agreement of an approved order as shown (its document hash), with a `signAgreement` code. */
  async sign(orderId: string): Promise<void> {
    const { documentHash } = await this.call<{ documentHash: string }>('loanAgreement', { orderId });
    await passResendCooldown(this.baseURL);
    await this.call('getVerifyCode', { mobile: this.mobile, type: 'signAgreement' });
    const code = await this.readCode(this.mobile);
    await this.call('signAgreement', { orderId, documentHash, agreed: true, code });
  }

  /** The first profile section (borrower-answers.ts: Maria Clara Dela Cruz, national ID 1234567890123456). */
  async saveBasicInfo(): Promise<void> {
    const json = createRequire(import.meta.url).resolve('@hiram/contract/psgc.generated.json');
    const places = psgcData(JSON.parse(readFileSync(json, 'utf8')) as PsgcJson);
    const state = places.states[0] as (typeof places.states)[number];
    await this.call(
      'saveBasicInfo',
      basicInfo({ state: state.code, city: (state.cities[0] as readonly [string, string])[0] }),
    );
  }

  /**
   * Every application step, up to a verified receiving account: the borrower can apply. REFERRED_ANSWERS
   * (borrower-answers.ts) instead of ANSWERS land the application in the assessment's refer band.
   */
  async completeApplication(walletNumber = '09171112222', answers = ANSWERS): Promise<void> {
    await this.completeProfile(answers);
    await this.call('addBankCard', {
      accountKind: 'wallet',
      bankCode: '90005',
      holderName: 'Maria Clara Dela Cruz',
      accountNumber: walletNumber,
      confirmAccountNumber: walletNumber,
    });
    await this.until<{ state: string }>('getBindCardResult', (account) => account.state === 'verified');
  }

  /** Every application step before the receiving account: the profile, the verified ID and the answers. */
  async completeProfile(answers = ANSWERS): Promise<void> {
    await this.saveBasicInfo();
    await this.call('saveAdditionInfo', ADDITION_INFO);
    const picture = await photo('repayment-id');
    await this.upload('uploadIdFront', picture, { cardType: '5' });
    await this.upload('uploadIdBack', picture);
    await this.upload('saveFaceImage', picture);
    await this.call('idCardOcr', { cardType: 5 });
    const read = await this.until<{ state: string; ocr: Record<string, string> }>(
      'identityCard',
      (card) => card.state === 'read',
    );
    await this.call('finishUploadAllImg', read.ocr);
    await this.until<{ state: string }>('identityCard', (card) => card.state === 'verified');
    await this.call('saveQuestionnaire', { answers });
  }
}

/** The sandbox collections provider's cashier marks a reference paid (docs/providers.md). */
export async function payAtCounter(baseURL: string, reference: string, amount?: number): Promise<void> {
  const response = await fetch(`${baseURL}/dev/collections/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reference, ...(amount ? { amount } : {}) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Closes the default brand's repayment channels as a lender would; `[]` opens them all (docs/providers.md). */
export async function closeChannels(baseURL: string, closed: readonly string[]): Promise<void> {
  const response = await fetch(`${baseURL}${DEV_CLOSED_CHANNELS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ closed }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}
