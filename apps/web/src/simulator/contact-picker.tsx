import type { ChosenContact, ContactIndex } from '../lib/bridge/protocol.ts';
import { SAMPLE_CONTACTS } from './sample-contacts.ts';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

/** The phone's own contact picker: the borrower taps one contact; the app never sees the others. */
export function ContactPicker({
  index,
  onChoose,
  onCancel,
}: {
  index: ContactIndex;
  onChoose(contact: ChosenContact): void;
  onCancel(): void;
}) {
  return (
    <div className="native-backdrop">
      <div
        className="native-sheet native-tall"
        role="dialog"
        aria-modal="true"
        aria-labelledby="native-contacts-title"
      >
        <header className="native-bar">
          <button type="button" className="native-bar-button" onClick={onCancel}>
            Cancel
          </button>
          <h1 id="native-contacts-title">Contacts</h1>
          <span className="native-bar-button" />
        </header>
        <p className="native-lead native-pad">Choose emergency contact {index}</p>
        <ul className="native-contacts">
          {SAMPLE_CONTACTS.map((contact) => (
            <li key={contact.name}>
              <button type="button" onClick={() => onChoose(contact)}>
                <span className="native-avatar" aria-hidden="true">
                  {initials(contact.name)}
                </span>
                <span className="native-contact-text">
                  <span className="native-contact-name">{contact.name}</span>
                  <span className="native-contact-phone">{contact.phone}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
