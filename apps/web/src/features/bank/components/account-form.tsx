import { isVerifyCodeFormat, VERIFY_CODE_LENGTH } from '@hiram/contract/auth-rules';
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  type AccountKind,
  findInstitution,
  HOLDER_NAME_MAX_LENGTH,
} from '@hiram/contract/banks';
import type { RateLimitData } from '@hiram/contract/envelope';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { formatPhMobile } from '@hiram/contract/mobile';
import { type FormEvent, useState } from 'react';
import { PickerField } from '../../../components/picker-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useCountdown } from '../../../hooks/use-countdown.ts';
import { ApiError, errorMessage, NetworkError } from '../../../lib/api-client.ts';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../../lib/mutation.ts';
import { useOwnToasts } from '../../../lib/own-toasts.ts';
import {
  type AccountDraft,
  type AccountField,
  type AccountProblem,
  accountPayload,
  accountProblems,
  cleanAccountNumber,
  type DigitsRule,
  digitsRule,
  firstProblemField,
} from '../account-form.ts';
import type { BankAccount } from '../api/get-account.ts';
import type { BankList } from '../api/get-bank-list.ts';
import { AccountNumberRefused, useSaveAccount } from '../api/save-account.ts';
import { useSendChangeCode } from '../api/send-change-code.ts';
import type { BankTextKey } from '../bank-text.ts';
import { InstitutionSheet } from './institution-sheet.tsx';
import { KindSwitch } from './kind-switch.tsx';

type FormField = AccountField | 'code';
type Messages = Partial<Record<FormField, string>>;
const FORM_FIELDS: readonly string[] = [
  'bankCode',
  'holderName',
  'accountNumber',
  'confirmAccountNumber',
  'code',
];

/**
 * The account that receives the money: bank account or e-wallet, the institution, the holder, the number
 * twice. Changing a verified account (`change`) also needs a fresh SMS code. No card security code: these
 * are account numbers, and GUIDE section 6 keeps card codes out of our hands.
 */
export function AccountForm({
  change,
  initial,
  list,
  ownMobile,
  holderSuggestion,
  onSaved,
  t,
}: {
  change: boolean;
  initial: Partial<AccountDraft>;
  list: BankList;
  ownMobile: string;
  holderSuggestion: string;
  onSaved: (account: BankAccount) => void;
  t: FeatureTranslate<BankTextKey>;
}) {
  const { lang } = useI18n();
  // The form gives way to the account's check on the same screen: its "saved" goes with it.
  const showToast = useOwnToasts();
  const startKind = initial.accountKind ?? 'wallet';
  const suggestNumber = startKind === 'wallet' && !initial.accountNumber && ownMobile !== '';
  const [draft, setDraft] = useState<AccountDraft>({
    accountKind: startKind,
    bankCode: initial.bankCode ?? '',
    holderName: initial.holderName || holderSuggestion,
    accountNumber: initial.accountNumber ?? (suggestNumber ? ownMobile : ''),
    confirmAccountNumber: initial.confirmAccountNumber ?? (suggestNumber ? ownMobile : ''),
  });
  // The own-mobile suggestion fills both number fields; editing the number then asks for it again.
  const [suggested, setSuggested] = useState(suggestNumber);
  const [code, setCode] = useState('');
  const [messages, setMessages] = useState<Messages>({});
  const [choosing, setChoosing] = useState(false);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const save = useSaveAccount();
  const sendCode = useSendChangeCode();
  const countdown = useCountdown();

  const institution = findInstitution(draft.bankCode);
  const isWallet = draft.accountKind === 'wallet';

  const problemText = (problem: AccountProblem): string =>
    problem === 'chooseInstitution'
      ? t(isWallet ? 'chooseWalletError' : 'chooseBankError')
      : FIELD_MESSAGES[problem][lang];

  const clear = (field: FormField) => {
    if (messages[field]) setMessages((current) => ({ ...current, [field]: undefined }));
  };

  const update = (field: AccountField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clear(field);
  };

  const chooseKind = (kind: AccountKind) => {
    if (kind === draft.accountKind) return;
    const fill = kind === 'wallet' && ownMobile !== '';
    setDraft((current) => ({
      ...current,
      accountKind: kind,
      bankCode: '',
      accountNumber: fill ? ownMobile : '',
      confirmAccountNumber: fill ? ownMobile : '',
    }));
    setSuggested(fill);
    setMessages({});
  };

  const typeNumber = (value: string) => {
    const number = cleanAccountNumber(draft.accountKind, value);
    setDraft((current) => ({
      ...current,
      accountNumber: number,
      confirmAccountNumber: suggested ? '' : current.confirmAccountNumber,
    }));
    setSuggested(false);
    clear('accountNumber');
  };

  const digitsHint = (rule: DigitsRule | null): string | undefined => {
    switch (rule?.kind) {
      case undefined:
        return undefined;
      case 'mobile':
        return suggested ? t('walletOwnHint') : t('walletHint');
      case 'exactly':
        return t('digitsExactly', { digits: rule.digits });
      case 'either':
        return t('digitsEither', { digits: rule.digits.join(` ${t('or')} `) });
      case 'between':
        return t('digitsBetween', { min: rule.min, max: rule.max });
    }
  };

  const showError = (error: unknown) => {
    if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return;
    if (error instanceof AccountNumberRefused) {
      setMessages({ accountNumber: error.message || FIELD_MESSAGES.invalidAccountNumber[lang] });
      return;
    }
    if (error instanceof ApiError) {
      const fields = error.fieldErrors;
      const known: Messages = {};
      for (const [field, message] of Object.entries(fields)) {
        const target = field === 'accountKind' ? 'bankCode' : field;
        if (FORM_FIELDS.includes(target)) known[target as FormField] = message;
      }
      setMessages(known);
      if (Object.keys(known).length > 0) return;
      if (error.status === 429) {
        const wait = (error.data as Partial<RateLimitData> | null)?.retryAfterSeconds;
        if (typeof wait === 'number' && wait > 0) countdown.start(wait);
      }
    }
    showToast(errorMessage(error), { tone: 'error' });
  };

  const onSendCode = async () => {
    try {
      const sent = await sendCode.mutate(undefined);
      countdown.start(sent.resendAfterSeconds);
      setCodeSentTo(sent.mobile);
      showToast(t('codeSent', { mobile: formatPhMobile(sent.mobile) }), { tone: 'success' });
      document.querySelector<HTMLInputElement>('[data-field="code"]')?.focus();
    } catch (error) {
      showError(error);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = accountProblems(draft);
    const found: Messages = {};
    for (const [field, problem] of Object.entries(problems)) {
      if (problem) found[field as AccountField] = problemText(problem);
    }
    if (change) {
      if (!code) found.code = FIELD_MESSAGES.codeRequired[lang];
      else if (!isVerifyCodeFormat(code)) found.code = FIELD_MESSAGES.invalidCode[lang];
    }
    setMessages(found);
    const first = firstProblemField(problems) ?? (found.code ? 'code' : undefined);
    if (first) {
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    try {
      const account = await save.mutate(change ? { ...accountPayload(draft), code } : accountPayload(draft));
      showToast(t('saved'), { tone: 'success' });
      onSaved(account);
    } catch (error) {
      showError(error);
    }
  };

  const numberLabel = isWallet ? t('walletNumber') : t('accountNumber');
  return (
    <form className="card account-form" onSubmit={submit} noValidate>
      <KindSwitch value={draft.accountKind} onChange={chooseKind} t={t} />
      <PickerField
        label={isWallet ? t('wallet') : t('bank')}
        value={institution?.name ?? null}
        placeholder={isWallet ? t('chooseWallet') : t('chooseBank')}
        error={messages.bankCode}
        name="bankCode"
        onOpen={() => setChoosing(true)}
      />
      <TextField
        label={t('holderName')}
        hint={t('holderHint')}
        value={draft.holderName}
        maxLength={HOLDER_NAME_MAX_LENGTH}
        autoComplete="name"
        autoCapitalize="words"
        onChange={(event) => update('holderName', event.target.value)}
        error={messages.holderName}
        data-field="holderName"
      />
      <TextField
        label={numberLabel}
        hint={digitsHint(institution ? digitsRule(institution) : isWallet ? { kind: 'mobile' } : null)}
        value={draft.accountNumber}
        inputMode={isWallet ? 'tel' : 'numeric'}
        type={isWallet ? 'tel' : 'text'}
        autoComplete="off"
        maxLength={ACCOUNT_NUMBER_MAX_LENGTH}
        onChange={(event) => typeNumber(event.target.value)}
        error={messages.accountNumber}
        data-field="accountNumber"
      />
      <TextField
        label={isWallet ? t('confirmWalletNumber') : t('confirmAccountNumber')}
        hint={t('confirmHint')}
        value={draft.confirmAccountNumber}
        inputMode={isWallet ? 'tel' : 'numeric'}
        type={isWallet ? 'tel' : 'text'}
        autoComplete="off"
        maxLength={ACCOUNT_NUMBER_MAX_LENGTH}
        onChange={(event) =>
          update('confirmAccountNumber', cleanAccountNumber(draft.accountKind, event.target.value))
        }
        error={messages.confirmAccountNumber}
        data-field="confirmAccountNumber"
      />
      {change ? (
        <TextField
          label={t('code')}
          hint={codeSentTo ? t('codeHint', { mobile: formatPhMobile(codeSentTo) }) : undefined}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFY_CODE_LENGTH}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, ''));
            clear('code');
          }}
          error={messages.code}
          data-field="code"
          action={
            <button
              type="button"
              className="field-action"
              onClick={() => void onSendCode()}
              disabled={countdown.secondsLeft > 0 || sendCode.isPending}
            >
              {countdown.secondsLeft > 0 ? t('resendIn', { seconds: countdown.secondsLeft }) : t('sendCode')}
            </button>
          }
        />
      ) : null}
      <div className="account-form-actions">
        <button type="submit" className="button button-primary button-block" disabled={save.isPending}>
          {t('submit')}
        </button>
      </div>
      <InstitutionSheet
        open={choosing}
        kind={draft.accountKind}
        list={list}
        chosen={draft.bankCode}
        onChoose={(bankCode) => update('bankCode', bankCode)}
        onClose={() => setChoosing(false)}
        t={t}
      />
    </form>
  );
}
