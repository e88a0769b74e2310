import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaffRole } from '@hiram/contract/ops/staff';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { systemClock } from '../../apps/server/src/domain/clock.ts';
import { runOpsCommand } from '../../apps/server/src/ops-cli.ts';
import { StaffService } from '../../apps/server/src/services/staff/staff.ts';
import { COMMAND_LINE } from '../../apps/server/src/services/staff/staff-records.ts';
import { totpCode } from '../../apps/server/src/services/staff/totp.ts';
import { moveServerClock, type RunningServer, startServer } from './server.ts';

/** A member a journey needs besides its admins, made before the server starts. */
export interface StaffToMake {
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * An embedded database holding a first administrator, made as a lender does (`npm run ops -- create-admin`,
 * the same function) before the server starts: the running server would hold the data directory's lock.
 * Answers the directory (a template for startServer) and the set-up token the command printed; `moreAdmins`
 * are made the same way (a second admin approves what the first proposes), their tokens in `moreTokens`.
 * `members` (a finance member, a reviewer: roles a second admin approves on the Staff screen, ADR 0066) are
 * made by the same service from the command line, their tokens in `memberTokens`, so a journey about
 * something else does not go through two admins.
 */
export async function dataDirWithAdmin(
  template: string | null,
  email: string,
  moreAdmins: readonly string[] = [],
  members: readonly StaffToMake[] = [],
): Promise<{ dataDir: string; setupToken: string; moreTokens: string[]; memberTokens: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hiram-e2e-admin-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await migrate(db);
    const tokens: string[] = [];
    for (const [index, admin] of [email, ...moreAdmins].entries()) {
      const name = index === 0 ? 'First Admin' : `Admin ${index + 1}`;
      const result = await runOpsCommand(['create-admin', '--email', admin, '--name', name], {
        db,
        clock: systemClock,
        publicUrl: 'http://127.0.0.1',
      });
      if (result.exitCode !== 0) throw new Error(result.output);
      tokens.push(setupTokenOf(result.output));
    }
    const staff = new StaffService({ db, clock: systemClock, publicUrl: 'http://127.0.0.1' });
    const memberTokens: string[] = [];
    for (const member of members) {
      const created = await staff.create({ ...member, brandScope: null }, COMMAND_LINE);
      memberTokens.push(setupTokenOf(created.setupLink));
    }
    const [setupToken, ...moreTokens] = tokens as [string, ...string[]];
    return { dataDir, setupToken, moreTokens, memberTokens };
  } finally {
    await db.close();
  }
}

/**
 * A journey's own server whose first admin (and `moreAdmins`, `members`: dataDirWithAdmin) was made before it
 * started (the lock is free then).
 */
export async function startServerWithAdmin(
  email: string,
  moreAdmins: readonly string[] = [],
  members: readonly StaffToMake[] = [],
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; setupToken: string; moreTokens: string[]; memberTokens: string[] }> {
  const made = await dataDirWithAdmin(inject('dataDirTemplate'), email, moreAdmins, members);
  try {
    return {
      server: await startServer(env, made.dataDir),
      setupToken: made.setupToken,
      moreTokens: made.moreTokens,
      memberTokens: made.memberTokens,
    };
  } finally {
    rmSync(made.dataDir, { recursive: true, force: true });
  }
}

/** The token of a set-up link (`.../ops/#/setup?token=...`). */
export function setupTokenOf(text: string): string {
  const token = /#\/setup\?token=([^\s&]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No set-up link in: ${text}`);
  return decodeURIComponent(token);
}

/**
 * An authenticator app's code for the secret in the page, `stepsAhead` 30-second steps from now: the server
 * accepts ±1 step and each step once, so a sign-in right after set-up uses the next one.
 */
export function authenticatorCode(secret: string, stepsAhead = 0): string {
  return totpCode(secret, new Date(Date.now() + stepsAhead * 30_000));
}

/** Chooses a password on the set-up page, reads the key beside the QR code and confirms a first code. */
export async function setUpWithAuthenticator(page: Page, password: string): Promise<string> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  if (!secret) throw new Error('No authenticator key on the page');
  return secret;
}

export async function confirmSetUp(page: Page, secret: string): Promise<void> {
  await page.getByLabel("The app's 6-digit code").fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await page.getByRole('heading', { name: 'You are set up' }).waitFor();
}

export async function signInToOps(page: Page, email: string, password: string, code: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The first admin uses their set-up link, then signs in: the console's Home. */
export async function setUpAndSignIn(
  page: Page,
  baseURL: string,
  setupToken: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseURL}/ops/#/setup?token=${encodeURIComponent(setupToken)}`);
  const secret = await setUpWithAuthenticator(page, password);
  await confirmSetUp(page, secret);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInToOps(page, email, password, authenticatorCode(secret, 1));
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
}

/**
 * An admin, signed in on `adminPage`, creates a viewer or support member on the Staff screen (a role with power
 * waits for a second admin: `members` of startServerWithAdmin); the member opens their set-up link in a
 * browser context of their own (`open`), sets up with TOTP and signs in. Answers their page.
 */
export async function addMemberThroughStaffScreen(
  adminPage: Page,
  open: () => Promise<{ context: BrowserContext; page: Page }>,
  baseURL: string,
  member: { email: string; name: string; role: 'viewer' | 'support'; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  await adminPage.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click();
  await adminPage.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
  await adminPage.getByLabel('Email').fill(member.email);
  await adminPage.getByLabel('Name').fill(member.name);
  await adminPage.getByLabel('Role', { exact: true }).selectOption(member.role);
  await adminPage.getByRole('button', { name: 'Create' }).click();
  const linkBox = adminPage.getByRole('textbox', { name: 'Set-up link' });
  await linkBox.waitFor();
  const token = setupTokenOf(await linkBox.inputValue());
  const opened = await open();
  await opened.page.goto(`${baseURL}/ops/#/setup?token=${encodeURIComponent(token)}`);
  const secret = await setUpWithAuthenticator(opened.page, member.password);
  await confirmSetUp(opened.page, secret);
  await opened.page.getByRole('link', { name: 'Sign in' }).click();
  await signInToOps(opened.page, member.email, member.password, authenticatorCode(secret, 1));
  await opened.page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();
  return opened;
}

/** A member made before the server started (`members`) opens their set-up link in a browser of their own. */
export async function openSetUpAndSignIn(
  open: () => Promise<{ context: BrowserContext; page: Page }>,
  baseURL: string,
  setupToken: string,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await open();
  await setUpAndSignIn(opened.page, baseURL, setupToken, email, password);
  return opened;
}

/**
 * Authenticator codes on a journey's own server, whose clock the journey moves (`moveServerClock`): the server
 * checks a code against its own time, so the codes follow it. `follow` takes the time a move answered.
 */
export class ServerAuthenticator {
  private offsetMs = 0;

  static async of(baseURL: string): Promise<ServerAuthenticator> {
    const authenticator = new ServerAuthenticator();
    authenticator.follow(await moveServerClock(baseURL, 0));
    return authenticator;
  }

  follow(serverNow: Date): void {
    this.offsetMs = serverNow.getTime() - Date.now();
  }

  /** The server's time now. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** The code `stepsAhead` 30-second steps from the server's now (a sign-in right after set-up uses the next). */
  code = (secret: string, stepsAhead = 0): string =>
    totpCode(secret, new Date(Date.now() + this.offsetMs + stepsAhead * 30_000));
}

/** Opens a set-up link in `page`, chooses the password and confirms a first code. Answers the key. */
export async function setUpOnServerClock(
  page: Page,
  baseURL: string,
  setupToken: string,
  password: string,
  authenticator: ServerAuthenticator,
): Promise<string> {
  await page.goto(`${baseURL}/ops/#/setup?token=${encodeURIComponent(setupToken)}`);
  const secret = await setUpWithAuthenticator(page, password);
  await page.getByLabel("The app's 6-digit code").fill(authenticator.code(secret));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await page.getByRole('heading', { name: 'You are set up' }).waitFor();
  return secret;
}

/**
 * Members made before the server started (`members` of startServerWithAdmin) set up, each in a browser of its
 * own, before the journey moves the clock (a set-up link lasts days, not months). They sign in later.
 */
export async function setUpMembers(
  open: () => Promise<{ context: BrowserContext; page: Page }>,
  baseURL: string,
  setupTokens: readonly string[],
  password: string,
  authenticator: ServerAuthenticator,
): Promise<{ context: BrowserContext; page: Page; secret: string }[]> {
  const members: { context: BrowserContext; page: Page; secret: string }[] = [];
  for (const token of setupTokens) {
    const opened = await open();
    const secret = await setUpOnServerClock(opened.page, baseURL, token, password, authenticator);
    members.push({ ...opened, secret });
  }
  return members;
}
