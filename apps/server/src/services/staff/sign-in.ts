import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError, tooManyRequests } from '../../domain/app-error.ts';
import { recordAudit } from '../audit/audit.ts';
import { maskEmail } from '../borrowers/masking.ts';
import {
  type Actor,
  auditStaff,
  hashToken,
  memberOf,
  normalizeEmail,
  recoveryHash,
  type SignInAttempt,
  STAFF_FAILURES_FROM_ADDRESS,
  STAFF_FAILURES_FROM_ADDRESS_WHILE_GUESSED,
  STAFF_FAILURES_PER_ACCOUNT,
  STAFF_IDLE_MINUTES,
  STAFF_SESSION_HOURS,
  STAFF_SIGN_IN_PER_ADDRESS,
  type StaffDeps,
  type StaffRow,
  type StaffSession,
} from './staff-records.ts';
import { matchTotp } from './totp.ts';

/** Staff sign-in and sessions: functions over the staff service's dependencies (ADR 0024). */

/** Hashed once, checked against for an unknown email so it takes as long as a known one. */
let decoy: Promise<string> | null = null;

/** The most of an unknown email kept, masked, in a failed sign-in's audit row. */
const FAILED_EMAIL_KEPT_LENGTH = 100;

/**
 * Email, password and a TOTP code or a recovery code. Limits: attempts per address, and wrong sign-ins per
 * account and address (tighter while the account is guessed at from many addresses), so the guesser waits and
 * the member elsewhere gets in (ADR 0065). The right password waits too, so a wait says nothing about a guess.
 * One answer for every failure, and the password is hashed even for an unknown email, so nothing tells which
 * part was wrong.
 */
export async function signIn(
  deps: StaffDeps,
  attempt: SignInAttempt,
): Promise<StaffSession & { token: string }> {
  const { db, clock } = deps;
  const rateLimits = deps.rateLimits;
  if (!rateLimits) throw new Error('StaffService.signIn needs rate limits');
  const email = normalizeEmail(attempt.email);
  const fromHere = `${email} ${attempt.clientAddress}`;
  await rateLimits.spend(STAFF_SIGN_IN_PER_ADDRESS, attempt.clientAddress);
  const guessed =
    (await rateLimits.hits(STAFF_FAILURES_PER_ACCOUNT, email)).length >= STAFF_FAILURES_PER_ACCOUNT.limit;
  const wait = await rateLimits.retryAfter(
    guessed ? STAFF_FAILURES_FROM_ADDRESS_WHILE_GUESSED : STAFF_FAILURES_FROM_ADDRESS,
    fromHere,
  );
  if (wait !== null) throw tooManyRequests(wait);

  const [row] = await db.query<StaffRow>('select * from staff where lower(email) = $1', [email]);
  const passwordOk = await passwordMatches(row?.password_hash ?? null, attempt.password);
  const usable = row && passwordOk && !row.disabled && row.setup_token_hash === null && row.totp_secret;
  const now = clock.now();
  const from = { clientAddress: attempt.clientAddress, userAgent: attempt.userAgent };

  const signedIn = usable
    ? await db.transaction(async (tx) => {
        const [fresh] = await tx.query<StaffRow>('select * from staff where staff_id = $1 for update', [
          row.staff_id,
        ]);
        if (!fresh?.totp_secret) return null;
        const code = attempt.code.trim();
        let usedRecovery = false;
        const lastStep = fresh.totp_last_step === null ? null : Number(fresh.totp_last_step);
        const step = matchTotp(fresh.totp_secret, code, now, lastStep);
        if (step !== null) {
          await tx.query('update staff set totp_last_step = $2 where staff_id = $1', [fresh.staff_id, step]);
        } else {
          const wanted = recoveryHash(code);
          const left = fresh.recovery_code_hashes.filter(
            (h) => !timingSafeEqual(Buffer.from(h), Buffer.from(wanted)),
          );
          if (left.length === fresh.recovery_code_hashes.length || code.length < 10) return null;
          usedRecovery = true;
          await tx.query('update staff set recovery_code_hashes = $2 where staff_id = $1', [
            fresh.staff_id,
            left,
          ]);
        }
        const token = randomBytes(32).toString('base64url');
        const csrfToken = randomBytes(24).toString('base64url');
        const sessionId = randomUUID();
        await tx.query(
          `insert into staff_sessions (session_id, staff_id, token_hash, csrf_token, created_at, last_seen_at,
             client_address, user_agent)
           values ($1, $2, $3, $4, $5, $5, $6, $7)`,
          [
            sessionId,
            fresh.staff_id,
            hashToken(token),
            csrfToken,
            now.toISOString(),
            from.clientAddress,
            from.userAgent,
          ],
        );
        const actor: Actor = {
          staffId: fresh.staff_id,
          email: fresh.email,
          brandScope: fresh.brand_scope,
          ...from,
        };
        await auditStaff(deps, tx, actor, 'staff.sign-in', fresh.staff_id, fresh.brand_scope, undefined, {
          with: usedRecovery ? 'recovery code' : 'authenticator',
        });
        return { token, sessionId, csrfToken, member: memberOf(fresh) };
      })
    : null;
  if (signedIn) return signedIn;

  await rateLimits.record(STAFF_FAILURES_FROM_ADDRESS, fromHere);
  await rateLimits.record(STAFF_FAILURES_PER_ACCOUNT, email);
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      at: now,
      actorId: row?.staff_id ?? null,
      // A member's own email; anything else typed is someone's address or noise, kept masked and short.
      actorEmail: row ? row.email : (maskEmail(email) ?? '').slice(0, FAILED_EMAIL_KEPT_LENGTH),
      action: 'staff.sign-in-failed',
      target: row ? `staff:${row.staff_id}` : null,
      brandScope: row?.brand_scope ?? null,
      clientAddress: from.clientAddress,
      userAgent: from.userAgent,
    });
  });
  throw new AppError('STAFF_SIGN_IN_FAILED');
}

async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hash('decoy password for unknown staff');
    await verify(await decoy, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The session of a cookie token, still within its idle and absolute limits; it is then kept alive, unless the
 * call is one the console made by itself (`keepAlive` false: a dashboard's refresh).
 */
export async function staffSession(deps: StaffDeps, token: string, keepAlive = true): Promise<StaffSession> {
  const { db, clock } = deps;
  const now = clock.now();
  const [row] = await db.query<
    StaffRow & {
      session_id: string;
      csrf_token: string;
      s_created: Date | string;
      last_seen_at: Date | string;
      ended_at: Date | null;
    }
  >(
    `select s.session_id, s.csrf_token, s.created_at as s_created, s.last_seen_at, s.ended_at, st.*
       from staff_sessions s join staff st using (staff_id) where s.token_hash = $1`,
    [hashToken(token)],
  );
  if (!row) throw new AppError('STAFF_NOT_SIGNED_IN');
  const idle = now.getTime() - new Date(row.last_seen_at).getTime() > STAFF_IDLE_MINUTES * 60_000;
  const old = now.getTime() - new Date(row.s_created).getTime() > STAFF_SESSION_HOURS * 3600_000;
  if (row.ended_at || row.disabled || idle || old) {
    if (!row.ended_at) {
      await db.query('update staff_sessions set ended_at = $2 where session_id = $1', [
        row.session_id,
        now.toISOString(),
      ]);
    }
    throw new AppError('STAFF_SESSION_ENDED');
  }
  if (keepAlive)
    await db.query('update staff_sessions set last_seen_at = $2 where session_id = $1', [
      row.session_id,
      now.toISOString(),
    ]);
  return { sessionId: row.session_id, csrfToken: row.csrf_token, member: memberOf(row) };
}

export async function signOut(deps: StaffDeps, session: StaffSession, actor: Actor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.query('update staff_sessions set ended_at = $2 where session_id = $1 and ended_at is null', [
      session.sessionId,
      deps.clock.now().toISOString(),
    ]);
    await auditStaff(
      deps,
      tx,
      actor,
      'staff.sign-out',
      session.member.staffId,
      session.member.brandScope,
      undefined,
      undefined,
    );
  });
}
