import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_BRAND_META, parsePageBrand } from '@hiram/contract/brand';
import { DEFAULT_BRAND_COLOURS } from '@hiram/contract/brand-look';
import { ERRORS } from '@hiram/contract/errors';
import type { BrandDetail, BrandSettings } from '@hiram/contract/ops/brands';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { styleHash } from '../../../src/plugins/infra/security-headers.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';

/** Brands from the console (ADR 0033) on both databases: roles, scope, logos, contrast, maker-checker, the page. */
let server: TestServer;
let dist: string;
const OTHER_BRAND = 'ph.other.lender';
const DEFAULT_BRAND = 'ph.hiram.app';
const INDEX =
  '<!doctype html><head><meta name="theme-color" content="#0b6e5a" /><link rel="icon" href="data:," />' +
  '<title>Hiram</title></head><body></body>';

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'hiram-brands-dist-'));
  await writeFile(join(dist, 'index.html'), INDEX);
  server = await startTestServer({ config: { webDist: dist } });
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ($1, 'Other', 'help@other.example', '+63281234567', '9-5')`,
    [OTHER_BRAND],
  );
  await server.app.brands.load(server.db);
}, 60_000);
afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

const signedIn = (role: StaffRole, brandScope: string | null = null) =>
  signedInMember(server, role, brandScope);

async function pngBase64(width = 64, colour = '#c0352b'): Promise<string> {
  const png = await sharp({ create: { width, height: width, channels: 4, background: colour } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

async function view(packageName: string, signed: Signed): Promise<BrandDetail> {
  const answer = await ops('opsBrandView', { packageName }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as BrandDetail;
}

const REGISTRATION = {
  corporateName: 'Other Lending Inc.',
  secRegistrationNumber: 'CS201811111',
  certificateOfAuthorityNumber: 'CA No. 1111',
  address: 'Cebu City',
};

/** The brand's current settings with some changed: what the console's form sends. */
async function settingsWith(packageName: string, signed: Signed, change: Partial<BrandSettings>) {
  const { packageName: _, logoUrl, defaultColours, createdAt, ...settings } = await view(packageName, signed);
  return { ...settings, smsSenderName: 'HiramPH', lender: REGISTRATION, ...change };
}

function propose(kind: string, payload: unknown, signed: Signed) {
  return ops('opsProposalCreate', { kind, payload, reason: 'brand refresh for the launch' }, signed);
}

async function decide(proposalId: string, signed: Signed, decision = 'approve') {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: { status: string; errorCode: number | null }[] }).outcomes[0];
}

async function page(query = '') {
  const answer = await server.app.inject({ method: 'GET', url: `/${query}` });
  const html = answer.body;
  const content = new RegExp(`<meta name="${PAGE_BRAND_META}" content="([^"]*)">`).exec(html)?.[1];
  const record = parsePageBrand(content?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))));
  return { html, record, csp: String(answer.headers['content-security-policy']) };
}

describe('roles', () => {
  it('lets every role read brands and only admins upload logos or propose brand changes', async () => {
    for (const role of STAFF_ROLES) {
      const member = await signedIn(role);
      const list = await ops('opsBrandList', {}, member);
      expect(list.status, role).toBe(200);
      expect(JSON.stringify(list.body.data)).toContain(DEFAULT_BRAND);
      expect((await ops('opsBrandView', { packageName: DEFAULT_BRAND }, member)).status, role).toBe(200);
      const upload = await ops('opsBrandLogoUpload', { contentBase64: await pngBase64() }, member);
      expect(upload.status, role).toBe(role === 'admin' ? 200 : 403);
      if (role === 'admin') continue;
      const change = await propose(
        'brand.change',
        { packageName: DEFAULT_BRAND, settings: await settingsWith(DEFAULT_BRAND, member, {}) },
        member,
      );
      expect(change.status, role).toBe(403);
      expect(change.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
    }
  });
});

describe('brand scope', () => {
  it('shows a scoped member their brand only and refuses the others as unknown', async () => {
    const viewer = await signedIn('viewer', OTHER_BRAND);
    const list = await ops('opsBrandList', {}, viewer);
    expect(list.body.data).toMatchObject({ total: 1, items: [{ packageName: OTHER_BRAND }] });
    const other = await ops('opsBrandView', { packageName: DEFAULT_BRAND }, viewer);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(ERRORS.NOT_FOUND.code);

    const scopedAdmin = await signedIn('admin', OTHER_BRAND);
    const settings = await settingsWith(OTHER_BRAND, scopedAdmin, {});
    const change = await propose('brand.change', { packageName: DEFAULT_BRAND, settings }, scopedAdmin);
    expect(change.body.code).toBe(ERRORS.NOT_FOUND.code);
    const create = await propose('brand.create', { ...settings, packageName: 'ph.scoped.new' }, scopedAdmin);
    expect(create.status).toBe(403);
  });

  it('filters the list by name', async () => {
    const viewer = await signedIn('viewer');
    const found = await ops('opsBrandList', { q: 'other' }, viewer);
    expect(found.body.data).toMatchObject({
      total: 1,
      items: [{ packageName: OTHER_BRAND, appName: 'Other' }],
    });
    const paged = await ops('opsBrandList', { pageSize: '1', page: '2' }, viewer);
    expect(paged.body.data).toMatchObject({ page: 2, pageSize: 1, items: [{ packageName: OTHER_BRAND }] });
  });
});

describe('logo upload', () => {
  it('refuses what is not a PNG, JPEG or WebP by its bytes, with a clear error and no 5xx', async () => {
    const admin = await signedIn('admin');
    const hostile = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      // A PNG's signature followed by garbage: the first bytes lie.
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
    ];
    for (const bytes of hostile) {
      const answer = await ops('opsBrandLogoUpload', { contentBase64: bytes.toString('base64') }, admin);
      expect(answer.status).toBe(415);
      expect(answer.body.code).toBe(ERRORS.LOGO_NOT_AN_IMAGE.code);
      expect(answer.body.msg).toMatch(/PNG, JPEG or WebP/);
    }
    const big = Buffer.concat([Buffer.from(await pngBase64(), 'base64'), Buffer.alloc(41 * 1024, 1)]);
    const tooBig = await ops('opsBrandLogoUpload', { contentBase64: big.toString('base64') }, admin);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('The logo is too large: at most 40 KB');
    const huge = await ops('opsBrandLogoUpload', { contentBase64: 'A'.repeat(70_000) }, admin);
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(ERRORS.PAYLOAD_TOO_LARGE.code);
    const empty = await ops('opsBrandLogoUpload', { contentBase64: '' }, admin);
    expect(empty.status).toBe(400);
  });

  it('keeps a good logo re-encoded as PNG at a cacheable address, audited', async () => {
    const admin = await signedIn('admin');
    const jpeg = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const answer = await ops('opsBrandLogoUpload', { contentBase64: jpeg.toString('base64') }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { logoId, url } = answer.body.data as { logoId: string; url: string };
    expect(url).toBe(`/brand-logos/${logoId}`);
    const served = await server.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 128 });
    expect((await server.app.inject({ method: 'GET', url: '/brand-logos/nope' })).statusCode).toBe(404);
    const [row] = await server.db.query<{ actor_email: string }>(
      `select actor_email from audit_log where action = 'brand.logo-upload' and target = $1`,
      [`logo:${logoId}`],
    );
    expect(row?.actor_email).toBe(admin.email);
  });
});

describe('contrast', () => {
  it('refuses a palette below WCAG AA, naming the failing pair', async () => {
    const admin = await signedIn('admin');
    const colours = { ...DEFAULT_BRAND_COLOURS, primary: '#0b6e5a', onPrimary: '#3d8f7e' };
    const settings = await settingsWith(OTHER_BRAND, admin, { colours });
    const answer = await propose('brand.change', { packageName: OTHER_BRAND, settings }, admin);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ERRORS.BRAND_CONTRAST_TOO_LOW.code);
    const fields = (answer.body.data as { fields: { field: string; message: string; colour: string }[] })
      .fields;
    expect(fields.map((f) => f.field)).toEqual(['Button text on primary', 'Button text on pressed primary']);
    expect(fields[0]).toMatchObject({ colour: 'onPrimary' });
    expect(fields[0]?.message).toMatch(/^\d\.\d+:1, needs 4\.5:1$/);
    const create = await propose('brand.create', { ...settings, packageName: 'ph.low.contrast' }, admin);
    expect(create.body.code).toBe(ERRORS.BRAND_CONTRAST_TOO_LOW.code);
  });
});

describe('a brand change under maker-checker', () => {
  it('waits for another admin, then the page and Customer Service show it', async () => {
    const maker = await signedIn('admin');
    const checker = await signedIn('admin');
    const finance = await signedIn('finance');
    const upload = await ops('opsBrandLogoUpload', { contentBase64: await pngBase64(96, '#5b2a86') }, maker);
    const { logoId } = upload.body.data as { logoId: string };
    const colours = { ...DEFAULT_BRAND_COLOURS, primary: '#5b2a86', accent: '#ffd166' };
    const lender = {
      corporateName: 'Lila Lending Corp.',
      secRegistrationNumber: 'CS202312345',
      certificateOfAuthorityNumber: 'CA No. 3456',
      address: '1 Ayala Ave, Makati',
    };
    const settings = await settingsWith(DEFAULT_BRAND, maker, {
      colours,
      logoId,
      lender,
      coolingOffDays: 14,
      promiseMaxDays: 10,
      cicProviderCode: 'LILA0001',
    });
    const proposed = await propose('brand.change', { packageName: DEFAULT_BRAND, settings }, maker);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposal = proposed.body.data as { proposalId: string; summary: string; decidable: boolean };
    expect(proposal.summary).toBe(
      'Change Hiram (ph.hiram.app): colours, logo, SMS sender name, lender registration, cooling-off period, promise to pay, days ahead at most, CIC provider code',
    );

    // Out of range or not a code: refused, naming the fields.
    const bad = await propose(
      'brand.change',
      {
        packageName: DEFAULT_BRAND,
        settings: { ...settings, promiseMaxDays: 31, cicProviderCode: 'LILA 01!' },
      },
      checker,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/promiseMaxDays/);
    expect(JSON.stringify(bad.body)).toMatch(/cicProviderCode/);

    // Nothing changes before approval; the same change cannot wait twice.
    expect((await page()).html).not.toContain('#5b2a86');
    const again = await propose('brand.change', { packageName: DEFAULT_BRAND, settings }, checker);
    expect(again.body.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);
    const pending = await ops(
      'opsProposalList',
      { status: 'pending', targetType: 'brand', targetId: DEFAULT_BRAND },
      checker,
    );
    expect(pending.body.data).toMatchObject({ total: 1, items: [{ proposalId: proposal.proposalId }] });
    // The checker sees each value old → new, not only which settings change (ADR 0056).
    const changes = [
      {
        field: 'colours.primary',
        label: 'Primary (buttons, links, offer card)',
        kind: 'colour',
        before: DEFAULT_BRAND_COLOURS.primary,
        after: '#5b2a86',
      },
      {
        field: 'colours.accent',
        label: 'Accent (Apply button)',
        kind: 'colour',
        before: DEFAULT_BRAND_COLOURS.accent,
        after: '#ffd166',
      },
      { field: 'logoId', label: 'Logo', kind: 'image', before: null, after: `/brand-logos/${logoId}` },
      { field: 'smsSenderName', label: 'SMS sender name', kind: 'text', before: null, after: 'HiramPH' },
      {
        field: 'lender.corporateName',
        label: 'Lender corporate name',
        kind: 'text',
        before: expect.any(String),
        after: 'Lila Lending Corp.',
      },
      {
        field: 'lender.secRegistrationNumber',
        label: 'SEC registration number',
        kind: 'text',
        before: expect.any(String),
        after: 'CS202312345',
      },
      {
        field: 'lender.certificateOfAuthorityNumber',
        label: 'Certificate of Authority number',
        kind: 'text',
        before: expect.any(String),
        after: 'CA No. 3456',
      },
      {
        field: 'lender.address',
        label: 'Lender address',
        kind: 'text',
        before: expect.any(String),
        after: '1 Ayala Ave, Makati',
      },
      {
        field: 'coolingOffDays',
        label: 'Cooling-off period',
        kind: 'text',
        before: '7 days',
        after: '14 days',
      },
      {
        field: 'promiseMaxDays',
        label: 'Promise to pay, days ahead at most',
        kind: 'text',
        before: '7 days',
        after: '10 days',
      },
      { field: 'cicProviderCode', label: 'CIC provider code', kind: 'text', before: null, after: 'LILA0001' },
    ];
    expect((pending.body.data as { items: unknown[] }).items[0]).toMatchObject({ changes });
    expect((proposed.body.data as { changes: unknown[] }).changes).toEqual(changes);
    const listed = await ops('opsBrandList', { q: 'hiram' }, checker);
    // The seed's "(demo)" numbers stay flagged until the change replacing them is approved.
    expect(listed.body.data).toMatchObject({
      items: [
        {
          packageName: DEFAULT_BRAND,
          pendingProposals: 1,
          demoRegistrationNumbers: ['secRegistrationNumber', 'certificateOfAuthorityNumber'],
        },
      ],
    });

    // The maker cannot approve their own; finance cannot decide a brand's.
    expect(await decide(proposal.proposalId, maker)).toMatchObject({
      status: 'pending',
      errorCode: ERRORS.PROPOSAL_OWN.code,
    });
    expect(await decide(proposal.proposalId, finance)).toMatchObject({
      errorCode: ERRORS.ROLE_NOT_ALLOWED.code,
    });
    expect(await decide(proposal.proposalId, checker)).toMatchObject({ status: 'approved', errorCode: null });
    const replaced = await ops('opsBrandList', { q: 'hiram' }, checker);
    expect(replaced.body.data).toMatchObject({ items: [{ demoRegistrationNumbers: [] }] });
    // The history keeps what was approved, though the brand now has the new values.
    const history = await ops('opsProposalList', { status: 'approved', targetId: DEFAULT_BRAND }, checker);
    expect((history.body.data as { items: unknown[] }).items[0]).toMatchObject({ changes });

    const after = await view(DEFAULT_BRAND, checker);
    expect(after).toMatchObject({
      colours,
      logoId,
      lender,
      coolingOffDays: 14,
      promiseMaxDays: 10,
      cicProviderCode: 'LILA0001',
      defaultColours: false,
    });
    // The collections room and the CIC file read them from the brand.
    const [stored] = await server.db.query<{ promise_max_days: number; cic_provider_code: string }>(
      'select promise_max_days, cic_provider_code from brands where package_name = $1',
      [DEFAULT_BRAND],
    );
    expect(stored).toEqual({ promise_max_days: 10, cic_provider_code: 'LILA0001' });
    const served = await page();
    expect(served.record).toMatchObject({ packageName: DEFAULT_BRAND });
    const style = /<style>([^<]*)<\/style>/.exec(served.html)?.[1] ?? '';
    expect(style).toContain('--brand:#5b2a86');
    expect(style).toContain('--accent:#ffd166');
    expect(style).toContain(`--brand-logo:url(/brand-logos/${logoId})`);
    expect(served.csp).toContain(`'${styleHash(style)}'`);
    expect(served.html).toContain('<meta name="theme-color" content="#5b2a86"');
    expect(served.html).toContain(`<link rel="icon" href="/brand-logos/${logoId}"`);
    const service = await server.call('customerService', {});
    expect(service.body.data).toMatchObject({
      lender: {
        corporateName: 'Lila Lending Corp.',
        secRegistrationNumber: 'CS202312345',
        certificateOfAuthorityNumber: 'CA No. 3456',
      },
    });

    const [audit] = await server.db.query<{ actor_email: string; before: unknown; after: unknown }>(
      `select actor_email, before, after from audit_log where action = 'brand.change' and target = $1
       order by audit_id desc limit 1`,
      [`brand:${DEFAULT_BRAND}`],
    );
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(audit?.actor_email).toBe(checker.email);
    expect(json(audit?.before)).toMatchObject({ coolingOffDays: 7, colours: DEFAULT_BRAND_COLOURS });
    expect(json(audit?.after)).toMatchObject({ coolingOffDays: 14, colours, lender });

    // Proposing what the brand already is changes nothing.
    const same = await propose('brand.change', { packageName: DEFAULT_BRAND, settings }, maker);
    expect(same.body.code).toBe(ERRORS.BRAND_UNCHANGED.code);
  });
});

describe('a stale brand change', () => {
  it('is refused when the brand changed after it was proposed, and nothing of it is applied', async () => {
    const maker = await signedIn('admin');
    const checker = await signedIn('admin');
    const settings = await settingsWith(OTHER_BRAND, maker, { supportHours: 'Every day 7:00–22:00' });
    const proposed = await propose('brand.change', { packageName: OTHER_BRAND, settings }, maker);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    // Meanwhile a channel is closed another way (the sandbox's switch, a lender's script).
    await server.db.query(
      `update brands set closed_collection_channels = '{gcash}' where package_name = $1`,
      [OTHER_BRAND],
    );
    const { proposalId } = proposed.body.data as { proposalId: string };
    // Read against the brand as it is now, the waiting change would reopen the channel: the checker sees it.
    const pending = await ops('opsProposalList', { status: 'pending', targetId: OTHER_BRAND }, checker);
    expect((pending.body.data as { items: { changes: unknown[] }[] }).items[0]?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'supportHours', before: '9-5', after: 'Every day 7:00–22:00' }),
        expect.objectContaining({ field: 'closedChannels', before: 'GCash', after: 'none' }),
      ]),
    );
    expect(await decide(proposalId, checker)).toMatchObject({
      status: 'stale',
      errorCode: ERRORS.PROPOSAL_STALE.code,
    });
    expect(await view(OTHER_BRAND, checker)).toMatchObject({
      supportHours: '9-5',
      closedChannels: ['gcash'],
    });
  });
});

describe('a new brand under maker-checker', () => {
  it('is added once another admin approves, and serves its own page', async () => {
    const maker = await signedIn('admin');
    const checker = await signedIn('admin');
    const base = await settingsWith(OTHER_BRAND, maker, {});
    const payload = {
      ...base,
      packageName: 'ph.lila.cash',
      appName: 'Lila Cash',
      smsSenderName: 'LilaCash',
      closedChannels: ['maya_bills'],
      parentOrigins: ['https://partner.example'],
    };
    const badSender = await propose('brand.create', { ...payload, smsSenderName: 'Lila Cash Loans!' }, maker);
    expect(badSender.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(JSON.stringify(badSender.body.data)).toContain('payload.smsSenderName');
    const badLogo = await propose('brand.create', { ...payload, logoId: 'a'.repeat(64) }, maker);
    expect(badLogo.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const taken = await propose('brand.create', { ...payload, packageName: OTHER_BRAND }, maker);
    expect(taken.body.code).toBe(ERRORS.BRAND_EXISTS.code);

    const proposed = await propose('brand.create', payload, maker);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const { proposalId } = proposed.body.data as { proposalId: string };
    expect((await ops('opsBrandView', { packageName: 'ph.lila.cash' }, checker)).status).toBe(404);
    expect(await decide(proposalId, checker)).toMatchObject({ status: 'approved' });

    expect(await view('ph.lila.cash', checker)).toMatchObject({
      appName: 'Lila Cash',
      smsSenderName: 'LilaCash',
      closedChannels: ['maya_bills'],
      parentOrigins: ['https://partner.example'],
    });
    const served = await page('?packageName=ph.lila.cash');
    expect(served.record).toMatchObject({ packageName: 'ph.lila.cash', appName: 'Lila Cash' });
    expect(served.csp).toContain("frame-ancestors 'self' https://partner.example");
    const [audit] = await server.db.query<{ actor_email: string }>(
      `select actor_email from audit_log where action = 'brand.create' and target = 'brand:ph.lila.cash'`,
    );
    expect(audit?.actor_email).toBe(checker.email);
  });
});
