import {
  BRAND_COLOUR_NAMES,
  type BrandColourName,
  type BrandColours,
  contrastProblems,
  DEFAULT_BRAND_COLOURS,
  describeContrastProblem,
} from '@hiram/contract/brand-look';
import type { Proposal } from '@hiram/contract/ops/approvals';
import {
  type BrandDetail,
  type BrandSettings,
  COOLING_OFF_DEFAULT_DAYS,
  COOLING_OFF_MAX_DAYS,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  PROMISE_MAX_DAYS_DEFAULT,
  PROMISE_MAX_DAYS_LIMIT,
} from '@hiram/contract/ops/brands';
import { CHANNEL_IDS, type ChannelId, channelName, isChannelId } from '@hiram/contract/repayment';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { COLOUR_LABELS } from './colour-labels.ts';

/** What the form holds: the settings as the inputs show them (text where the input is text). */
interface Draft {
  packageName: string;
  appName: string;
  colours: BrandColours;
  logoId: string | null;
  logoUrl: string | null;
  androidUrl: string;
  iosUrl: string;
  smsSenderName: string;
  corporateName: string;
  secRegistrationNumber: string;
  certificateOfAuthorityNumber: string;
  address: string;
  supportEmail: string;
  supportPhone: string;
  supportHours: string;
  coolingOffDays: string;
  promiseMaxDays: string;
  cicProviderCode: string;
  closedChannels: ChannelId[];
  parentOrigins: string;
}

function draftOf(brand: BrandDetail | null): Draft {
  return {
    packageName: brand?.packageName ?? '',
    appName: brand?.appName ?? '',
    colours: brand?.colours ?? DEFAULT_BRAND_COLOURS,
    logoId: brand?.logoId ?? null,
    logoUrl: brand?.logoUrl ?? null,
    androidUrl: brand?.androidUrl ?? '',
    iosUrl: brand?.iosUrl ?? '',
    smsSenderName: brand?.smsSenderName ?? '',
    corporateName: brand?.lender.corporateName ?? '',
    secRegistrationNumber: brand?.lender.secRegistrationNumber ?? '',
    certificateOfAuthorityNumber: brand?.lender.certificateOfAuthorityNumber ?? '',
    address: brand?.lender.address ?? '',
    supportEmail: brand?.supportEmail ?? '',
    supportPhone: brand?.supportPhone ?? '',
    supportHours: brand?.supportHours ?? '',
    coolingOffDays: String(brand?.coolingOffDays ?? COOLING_OFF_DEFAULT_DAYS),
    promiseMaxDays: String(brand?.promiseMaxDays ?? PROMISE_MAX_DAYS_DEFAULT),
    cicProviderCode: brand?.cicProviderCode ?? '',
    closedChannels: (brand?.closedChannels ?? []).filter(isChannelId),
    parentOrigins: (brand?.parentOrigins ?? []).join('\n'),
  };
}

function settingsOf(draft: Draft): BrandSettings {
  return {
    appName: draft.appName,
    colours: draft.colours,
    logoId: draft.logoId,
    androidUrl: draft.androidUrl.trim() || null,
    iosUrl: draft.iosUrl.trim() || null,
    smsSenderName: draft.smsSenderName,
    lender: {
      corporateName: draft.corporateName,
      secRegistrationNumber: draft.secRegistrationNumber,
      certificateOfAuthorityNumber: draft.certificateOfAuthorityNumber,
      address: draft.address,
    },
    supportEmail: draft.supportEmail,
    supportPhone: draft.supportPhone,
    supportHours: draft.supportHours,
    coolingOffDays: Number(draft.coolingOffDays),
    promiseMaxDays: Number(draft.promiseMaxDays),
    cicProviderCode: draft.cicProviderCode.trim() || null,
    closedChannels: draft.closedChannels,
    parentOrigins: draft.parentOrigins
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/** The file's bytes in base64, for the JSON upload. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A new brand, or a change to one, proposed under maker-checker (ADR 0033). The colours are checked for
 * contrast as they are picked, with the same function the server runs at proposal and at approval.
 */
export function BrandForm({
  brand,
  onProposed,
}: {
  /** The brand to change; null for a new one. */
  brand: BrandDetail | null;
  onProposed: (proposal: Proposal) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(brand));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problems = contrastProblems(draft.colours);

  const set =
    (name: keyof Draft) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void =>
      setDraft((previous) => ({ ...previous, [name]: event.target.value }));
  const setColour = (name: BrandColourName) => (event: ChangeEvent<HTMLInputElement>) =>
    setDraft((previous) => ({ ...previous, colours: { ...previous.colours, [name]: event.target.value } }));
  const toggleChannel = (channel: ChannelId) => (event: ChangeEvent<HTMLInputElement>) =>
    setDraft((previous) => ({
      ...previous,
      // The box says "open": unticking it closes the channel.
      closedChannels: event.target.checked
        ? previous.closedChannels.filter((closed) => closed !== channel)
        : [...previous.closedChannels, channel],
    }));

  const uploadLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setLogoError(null);
    try {
      const logo = await opsCall('opsBrandLogoUpload', { contentBase64: await base64Of(file) });
      setDraft((previous) => ({ ...previous, logoId: logo.logoId, logoUrl: logo.url }));
    } catch (failure) {
      setLogoError(errorText(failure));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const settings = settingsOf(draft);
      const proposal = brand
        ? await opsCall('opsProposalCreate', {
            kind: 'brand.change',
            payload: { packageName: brand.packageName, settings },
            reason,
          })
        : await opsCall('opsProposalCreate', {
            kind: 'brand.create',
            payload: { ...settings, packageName: draft.packageName },
            reason,
          });
      onProposed(proposal);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="brand-form"
      onSubmit={submit}
      aria-label={brand ? 'Propose a change' : 'Propose a brand'}
    >
      <ErrorMessage error={error} />
      <fieldset>
        <legend>Identity</legend>
        {brand ? null : (
          <Field
            label="Package name"
            hint="The app's package, e.g. ph.lender.cash. It never changes once the brand exists."
            value={draft.packageName}
            onChange={set('packageName')}
            required
          />
        )}
        <Field label="App name" value={draft.appName} onChange={set('appName')} required maxLength={40} />
        <Field
          label="SMS sender name"
          hint="Up to 11 letters or digits, at least one letter (as SMS gateways register it)."
          value={draft.smsSenderName}
          onChange={set('smsSenderName')}
          required
          maxLength={11}
          pattern="(?=.*[A-Za-z])[A-Za-z0-9]{1,11}"
        />
        <Field label="Google Play link" type="url" value={draft.androidUrl} onChange={set('androidUrl')} />
        <Field label="App Store link" type="url" value={draft.iosUrl} onChange={set('iosUrl')} />
      </fieldset>

      <fieldset>
        <legend>Look</legend>
        <div
          className={problems.length > 0 ? 'contrast contrast-bad' : 'contrast contrast-ok'}
          role="status"
          aria-live="polite"
        >
          {problems.length === 0 ? (
            <p>Contrast: every pair passes WCAG AA.</p>
          ) : (
            <>
              <p>
                <strong>Contrast too low (WCAG AA)</strong>: this look will be refused.
              </p>
              <ul>
                {problems.map((problem) => (
                  <li key={problem.name}>{describeContrastProblem(problem)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="brand-look">
          <div>
            <div className="colour-grid">
              {BRAND_COLOUR_NAMES.map((name) => (
                <div className="field colour-field" key={name}>
                  <label htmlFor={`${id}-${name}`}>{COLOUR_LABELS[name]}</label>
                  <span className="swatch">
                    <input
                      id={`${id}-${name}`}
                      type="color"
                      value={draft.colours[name]}
                      onChange={setColour(name)}
                    />
                    <code>{draft.colours[name]}</code>
                  </span>
                </div>
              ))}
            </div>
            <div className="field">
              <label htmlFor={`${id}-logo`}>Logo</label>
              <input
                id={`${id}-logo`}
                type="file"
                accept={LOGO_TYPES.join(',')}
                onChange={uploadLogo}
                aria-describedby={`${id}-logo-hint`}
              />
              <small id={`${id}-logo-hint`} className="hint">
                PNG, JPEG or WebP, at most {LOGO_MAX_BYTES / 1024} KB; square works best. SVG is not accepted.
              </small>
              <ErrorMessage error={logoError} />
            </div>
          </div>
          <Preview draft={draft} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Lender registration</legend>
        <Field label="Corporate name" value={draft.corporateName} onChange={set('corporateName')} required />
        <Field
          label="SEC registration number"
          value={draft.secRegistrationNumber}
          onChange={set('secRegistrationNumber')}
          required
        />
        <Field
          label="Certificate of Authority number"
          value={draft.certificateOfAuthorityNumber}
          onChange={set('certificateOfAuthorityNumber')}
          required
        />
        <Field label="Address" value={draft.address} onChange={set('address')} required />
      </fieldset>

      <fieldset>
        <legend>Customer service and terms</legend>
        <Field
          label="Support e-mail"
          type="email"
          value={draft.supportEmail}
          onChange={set('supportEmail')}
          required
        />
        <Field label="Support phone" value={draft.supportPhone} onChange={set('supportPhone')} required />
        <Field
          label="Customer-service hours"
          hint="As borrowers read it, e.g. Mon–Sat 8:00–20:00 (Manila time)."
          value={draft.supportHours}
          onChange={set('supportHours')}
          required
        />
        <Field
          label="Cooling-off period (days)"
          type="number"
          min={0}
          max={COOLING_OFF_MAX_DAYS}
          value={draft.coolingOffDays}
          onChange={set('coolingOffDays')}
          required
        />
        <Field
          label="Promise to pay: days ahead at most"
          hint="How far ahead a borrower or an agent may date a promise to pay."
          type="number"
          min={1}
          max={PROMISE_MAX_DAYS_LIMIT}
          value={draft.promiseMaxDays}
          onChange={set('promiseMaxDays')}
          required
        />
        <Field
          label="CIC provider code"
          hint="Given by the Credit Information Corporation on registration; the monthly credit file carries it."
          value={draft.cicProviderCode}
          onChange={set('cicProviderCode')}
          maxLength={8}
        />
      </fieldset>

      <fieldset>
        <legend>Repayment channels open</legend>
        <div className="channel-grid">
          {CHANNEL_IDS.map((channel) => (
            <label key={channel} className="check">
              <input
                type="checkbox"
                checked={!draft.closedChannels.includes(channel)}
                onChange={toggleChannel(channel)}
              />
              {channelName(channel, 'en')}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend>Embedding</legend>
        <div className="field">
          <label htmlFor={`${id}-parents`}>Parent origins, one a line</label>
          <textarea
            id={`${id}-parents`}
            rows={3}
            value={draft.parentOrigins}
            onChange={set('parentOrigins')}
            aria-describedby={`${id}-parents-hint`}
          />
          <small id={`${id}-parents-hint`} className="hint">
            Pages that may frame the app, e.g. https://partner.example (no path, no wildcard).
          </small>
        </div>
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason for the checker</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          minLength={3}
          maxLength={500}
        />
      </div>
      <button type="submit" disabled={busy}>
        {brand ? 'Propose this change' : 'Propose this brand'}
      </button>
      <p className="hint">Another admin approves it before it takes effect.</p>
    </form>
  );
}

/**
 * The borrower app's home card in the chosen look, at phone width. Its samples are inert: a picture of
 * screens, not controls, that must show a refused colour pair as it would look (WCAG's contrast rule exempts
 * inactive components); the contrast check beside the form says in words which pair fails.
 */
function Preview({ draft }: { draft: Draft }) {
  const c = draft.colours;
  return (
    <figure className="phone-preview" style={{ background: c.background, color: c.text }}>
      <figcaption className="visually-hidden">Preview of the borrower app</figcaption>
      <div className="preview-header">
        {draft.logoUrl ? (
          <img src={draft.logoUrl} alt="Logo" width={36} height={36} />
        ) : (
          <span className="preview-mark" style={{ background: c.primary, color: c.onPrimary }} inert>
            {draft.appName.slice(0, 1) || '?'}
          </span>
        )}
        <strong>{draft.appName || 'App name'}</strong>
      </div>
      <div className="preview-card" style={{ background: c.primary, color: c.onPrimary }} inert>
        <span>Borrow up to ₱10,000</span>
        <span className="preview-button" style={{ background: c.accent, color: c.onAccent }}>
          Apply
        </span>
      </div>
      <p className="preview-card preview-plain" inert>
        Body text on a card, with <span style={{ color: c.primary }}>a link</span>.
      </p>
    </figure>
  );
}
