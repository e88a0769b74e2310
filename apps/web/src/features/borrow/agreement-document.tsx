/** The loan agreement's text, as the server sends it (the same text the signed PDF prints). */
export interface AgreementDocument {
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export function AgreementDocumentView({ agreement }: { agreement: AgreementDocument }) {
  return (
    <article className="card sign-agreement">
      <h2 className="card-title">{agreement.title}</h2>
      {agreement.sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          {section.paragraphs.map((paragraph, index) => (
            // Paragraphs never move within a section, so their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
