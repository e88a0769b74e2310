import {
  OPS_API_PREFIX,
  OPS_CSRF_HEADER,
  OPS_ENDPOINTS,
  type OpsEndpointName,
  type StaffRole,
} from '@hiram/contract/ops/staff';
import { expect } from 'vitest';
import { COMMAND_LINE } from '../src/services/staff/staff-records.ts';
import { totpCode } from '../src/services/staff/totp.ts';
import { type Answer, freshAddress, type TestServer } from './helper.ts';

/** Staff members and back-office calls for the ops route suites. */
export interface Member {
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  staffId: string;
}

export interface Signed {
  cookie: string;
  csrf: string;
}

export interface OpsOptions {
  signed?: Signed | null;
  csrf?: string | null;
  address?: string;
  headers?: Record<string, string>;
}

/** Calls a back-office endpoint, signed in or not, with the session's CSRF token unless told otherwise. */
export function opsCall(
  server: TestServer,
  name: OpsEndpointName,
  payload: Record<string, unknown> = {},
  options: OpsOptions = {},
) {
  const endpoint = OPS_ENDPOINTS[name];
  const headers: Record<string, string> = { ...options.headers };
  if (options.signed) headers.cookie = options.signed.cookie;
  const csrf = options.csrf === undefined ? options.signed?.csrf : options.csrf;
  if (csrf) headers[OPS_CSRF_HEADER] = csrf;
  const url = `${OPS_API_PREFIX}${endpoint.path}`;
  const remoteAddress = options.address ?? freshAddress();
  return server.request(
    endpoint.method === 'GET'
      ? { method: 'GET', url, query: payload as Record<string, string>, headers, remoteAddress }
      : { method: 'POST', url, payload, headers, remoteAddress },
  );
}

let counter = 0;
/** A member created, set up through their link and confirmed, as a person would. */
export async function newMember(
  server: TestServer,
  role: StaffRole,
  brandScope: string | null = null,
): Promise<Member> {
  counter += 1;
  const email = `${role}${counter}@lender.example`;
  const created = await server.app.staff.create(
    { email, name: `${role} ${counter}`, role, brandScope },
    COMMAND_LINE,
  );
  const token = new URL(created.setupLink.replace('/#/', '/')).searchParams.get('token') ?? '';
  const password = `a long password ${counter}`;
  const setUp = await opsCall(server, 'opsSetUp', { token, password });
  expect(setUp.status).toBe(200);
  const data = setUp.body.data as { otpauthUri: string; recoveryCodes: string[] };
  const secret = new URL(data.otpauthUri).searchParams.get('secret') ?? '';
  expect(data.recoveryCodes).toHaveLength(10);
  const confirm = await opsCall(server, 'opsConfirmSetUp', {
    token,
    code: totpCode(secret, server.clock.now()),
  });
  expect(confirm.status).toBe(200);
  // The confirming code is spent: sign-ins start at the next step.
  server.clock.advance(30);
  return { email, password, secret, recoveryCodes: data.recoveryCodes, staffId: created.staff.staffId };
}

/** The session a sign-in answer opened: its cookie and its CSRF token. */
export function signedFrom(answer: Answer): Signed {
  const setCookie = String(answer.headers['set-cookie']);
  return {
    cookie: setCookie.split(';')[0] ?? '',
    csrf: (answer.body.data as { csrfToken: string }).csrfToken,
  };
}

/** Signs a member in with their authenticator's current code (or the one given). */
export async function signIn(server: TestServer, m: Member, code?: string): Promise<Signed> {
  const answer = await opsCall(server, 'opsSignIn', {
    email: m.email,
    password: m.password,
    code: code ?? totpCode(m.secret, server.clock.now()),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  server.clock.advance(30);
  return signedFrom(answer);
}

const reviewers = new WeakMap<TestServer, { member: Promise<Member>; signed?: Signed }>();

/**
 * Reviews a proof of payment as a member of staff would, in the back office's proofs queue: one finance
 * member per test server, signed in again only when their session has ended (tests move the clock).
 */
export async function reviewProof(
  server: TestServer,
  voucherId: string,
  decision: 'approve' | 'reject',
  reason?: string,
) {
  let reviewer = reviewers.get(server);
  if (!reviewer) {
    reviewer = { member: newMember(server, 'finance') };
    reviewers.set(server, reviewer);
  }
  if (!reviewer.signed || (await opsCall(server, 'opsMe', {}, { signed: reviewer.signed })).status !== 200)
    reviewer.signed = await signIn(server, await reviewer.member);
  return opsCall(
    server,
    'opsProofReview',
    { voucherId, decision, ...(reason ? { reason } : {}) },
    { signed: reviewer.signed },
  );
}

/** A member of `role` (optionally brand-scoped) set up and signed in: their session and email. */
export async function signedInMember(
  server: TestServer,
  role: StaffRole,
  brandScope: string | null = null,
): Promise<Signed & { email: string }> {
  const m = await newMember(server, role, brandScope);
  return { email: m.email, ...(await signIn(server, m)) };
}

/** A second brand for brand-isolation checks. */
export async function addOtherBrand(server: TestServer, packageName: string): Promise<void> {
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ($1, 'Other', 'help@other.example', '+63281234567', '9-5')`,
    [packageName],
  );
}
