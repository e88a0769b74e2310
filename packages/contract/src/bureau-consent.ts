import type { Language } from './languages.ts';

/**
 * The borrower's consent to the credit-bureau inquiry (ADR 0071), shown on the Borrow screen right above
 * Apply and recorded with the order by its version: the server keeps which text she was shown, when, and in
 * which language. A changed wording is a new version; an old version stays here, word for word, because
 * consents given under it point at it.
 */
export const BUREAU_CONSENT_VERSION = 1;

export const BUREAU_CONSENT_TEXTS: Record<number, Record<Language, string>> = {
  1: {
    en: 'By applying, you agree that we may ask a credit bureau accredited by the Credit Information Corporation for your credit report (your score, open loans and late payments) to decide on this application. The bureau records that we asked. Our privacy policy explains how we use it.',
    fil: 'Sa pag-apply, pumapayag ka na hingin namin sa isang credit bureau na accredited ng Credit Information Corporation ang iyong credit report (ang iyong score, mga bukas na loan at late na bayad) para magpasya sa application na ito. Itinatala ng bureau na nagtanong kami. Ipinapaliwanag ng aming privacy policy kung paano namin ito ginagamit.',
    es: 'Al solicitar, usted acepta que pidamos a un buró de crédito acreditado por la Credit Information Corporation su informe de crédito (su puntuación, préstamos abiertos y pagos atrasados) para decidir sobre esta solicitud. El buró registra que preguntamos. Nuestra política de privacidad explica cómo lo usamos.',
  },
};

/** The consent text of a version in a language; null for a version that never existed. */
export function bureauConsentText(version: number, language: Language): string | null {
  return BUREAU_CONSENT_TEXTS[version]?.[language] ?? null;
}
