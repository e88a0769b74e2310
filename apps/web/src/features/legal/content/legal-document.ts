/**
 * A legal page (privacy policy, terms of service, loan terms) as plain data: the screen renders it, the
 * wording lives here in every language. Lender-specific facts (corporate name, SEC and CA numbers, contacts)
 * are never written into the text: it points to the Disclosure Statement and Customer Service, which show
 * the brand's own details.
 */
export interface LegalDocument {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change to the wording. */
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}
