import { HttpFake } from './http-fake.ts';

/**
 * A fake of Semaphore's API v4 (api.semaphore.co/docs), as the adapter relies on it: `POST /api/v4/messages`
 * and `/api/v4/priority` (form fields apikey, number, message, sendername; an array of messages back),
 * `GET /api/v4/messages/{id}`, `GET /api/v4/account`. A wrong key answers 401; a sender name the account
 * has not registered, or a number that is not Philippine, answers the fields' messages instead of the array.
 */
export interface FakeSemaphoreMessage {
  message_id: number;
  recipient: string;
  message: string;
  sender_name: string;
  status: string;
  route: 'messages' | 'priority';
}

export class SemaphoreFake extends HttpFake {
  readonly messages: FakeSemaphoreMessage[] = [];
  /** The account's credits: at 0 a send is refused as Semaphore refuses it (500, one sentence). */
  credits = Number.POSITIVE_INFINITY;
  private nextId = 200_112_345;

  constructor(
    readonly apiKey = 'f00dfeedf00dfeedf00dfeedf00dfeed',
    readonly senderNames: readonly string[] = ['HIRAM', 'PERAAGAD'],
  ) {
    super((request) => {
      const form = request.method === 'POST' ? new URLSearchParams(request.body) : request.query;
      if (form.get('apikey') !== this.apiKey) return { status: 401, body: 'Unauthorized' };
      const send = /^\/api\/v4\/(messages|priority)$/.exec(request.path);
      if (send && request.method === 'POST') return this.send(form, send[1] as 'messages' | 'priority');
      const one = /^\/api\/v4\/messages\/(\d+)$/.exec(request.path);
      if (one && request.method === 'GET') {
        const found = this.messages.find((m) => m.message_id === Number(one[1]));
        return found ? { status: 200, body: [this.wire(found)] } : { status: 404, body: [] };
      }
      if (request.path === '/api/v4/account') {
        return {
          status: 200,
          body: { account_id: 4688, account_name: 'Lender', status: 'Active', credit_balance: 500 },
        };
      }
      return { status: 404, body: 'Not Found' };
    });
  }

  /** The 6-digit code in the newest text to a number (`09…`), as the borrower reads it on the phone. */
  lastCode(mobile: string): string {
    const recipient = mobile.replace(/^0/, '63');
    const text = [...this.messages].reverse().find((m) => m.recipient === recipient)?.message ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`Semaphore sent no code to ${mobile}`);
    return code;
  }

  /** What the network did with a message, as Semaphore will then report it. */
  setStatus(messageId: number, status: 'Queued' | 'Pending' | 'Sent' | 'Failed' | 'Refunded'): void {
    const message = this.messages.find((m) => m.message_id === messageId);
    if (message) message.status = status;
  }

  private send(form: URLSearchParams, route: 'messages' | 'priority') {
    const number = form.get('number') ?? '';
    const sender = form.get('sendername') ?? 'SEMAPHORE';
    const problems: Record<string, string[]> = {};
    if (!/^(63|0)9\d{9}$/.test(number)) problems.number = ['The number format is invalid.'];
    if (!(form.get('message') ?? '').trim()) problems.message = ['The message field is required.'];
    if (sender !== 'SEMAPHORE' && !this.senderNames.includes(sender)) {
      problems.sendername = ['The selected sendername is invalid.'];
    }
    if (Object.keys(problems).length > 0) return { status: 200, body: problems };
    const cost = route === 'priority' ? 2 : 1;
    if (this.credits < cost)
      return {
        status: 500,
        body: [
          `Your current balance of ${this.credits} credits is not sufficient. This transaction requires ${cost} credits.`,
        ],
      };
    this.credits -= cost;
    const message: FakeSemaphoreMessage = {
      message_id: this.nextId++,
      recipient: number.replace(/^0/, '63'),
      message: form.get('message') ?? '',
      sender_name: sender,
      status: 'Pending',
      route,
    };
    this.messages.push(message);
    return { status: 200, body: [this.wire(message)] };
  }

  private wire(message: FakeSemaphoreMessage) {
    return {
      message_id: message.message_id,
      user_id: 4788,
      user: 'ops@lender.example',
      account_id: 4688,
      account: 'Lender',
      recipient: message.recipient,
      message: message.message,
      sender_name: message.sender_name,
      network: 'Globe',
      status: message.status,
      type: 'Single',
      source: 'Api',
      created_at: '2026-03-02 09:00:00',
      updated_at: '2026-03-02 09:00:00',
    };
  }
}
