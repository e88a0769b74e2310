import { MOBILE_INPUT_MAX_LENGTH } from '@hiram/contract/mobile';
import { CONTACT_RELATIONSHIPS } from '@hiram/contract/options';
import { stripNameInput } from '@hiram/contract/profile';
import { useState } from 'react';
import { ContactIcon } from '../../../components/icons.tsx';
import type { ContactIndex } from '../../../lib/bridge/bridge.ts';
import { cleanTypedPhone } from '../form/visibility.ts';
import { ChoicePicker } from './choice-picker.tsx';
import { choicesOf, fieldProps, type SectionProps, sheetText } from './section-props.ts';
import { TextInput } from './text-input.tsx';

/**
 * Section 4: two emergency contacts, typed or (in the app) picked from the phone one at a time. The two may
 * not share a relationship or a number (SPEC section 5): the second choice is refused with a toast.
 */
export function ContactsSection(props: SectionProps & { canPick: boolean }) {
  const { t } = props;
  return (
    <section className="card pf-section" aria-labelledby="profile-section-contacts">
      <h2 className="pf-section-title" id="profile-section-contacts">
        {t('section.contacts')}
      </h2>
      <p className="pf-section-hint">{t('section.contactsHint')}</p>
      <Contact {...props} index={1} />
      <Contact {...props} index={2} />
    </section>
  );
}

function Contact(props: SectionProps & { canPick: boolean; index: ContactIndex }) {
  const { form, t, canPick, index } = props;
  const [picking, setPicking] = useState(false);
  const titleId = `profile-contact-${index}`;
  return (
    <fieldset className="pf-contact" aria-labelledby={titleId}>
      <div className="pf-contact-header">
        <h3 className="pf-contact-title" id={titleId}>
          {t('contact.title', { n: index })}
        </h3>
        {canPick ? (
          <button
            type="button"
            className="pf-pick-contact"
            disabled={picking}
            onClick={() => {
              setPicking(true);
              form.pickContact(index).finally(() => setPicking(false));
            }}
          >
            <ContactIcon width={18} height={18} />
            {t('contact.pick')}
          </button>
        ) : null}
      </div>
      <TextInput
        {...fieldProps(props, `emergencyContactName${index}`)}
        clean={stripNameInput}
        autoComplete="off"
        autoCapitalize="words"
      />
      <TextInput
        {...fieldProps(props, `emergencyContactMobile${index}`)}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="09XX XXX XXXX"
        maxLength={MOBILE_INPUT_MAX_LENGTH}
        clean={cleanTypedPhone}
      />
      <ChoicePicker
        {...fieldProps(props, `emergencyContactRelation${index}`)}
        choices={choicesOf(CONTACT_RELATIONSHIPS, form.lang)}
        sheet={sheetText(t)}
      />
    </fieldset>
  );
}
