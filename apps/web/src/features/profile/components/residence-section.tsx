import { RESIDENCE_TYPES } from '@hiram/contract/options';
import { ADDRESS_MAX_LENGTH, permanentAddressDiffers } from '@hiram/contract/profile';
import { citiesOf, type PsgcData } from '@hiram/contract/psgc';
import { useMemo } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { canChooseCity } from '../form/visibility.ts';
import { ChoicePicker } from './choice-picker.tsx';
import { PlacePicker } from './place-picker.tsx';
import { choicesOf, fieldProps, type SectionProps, sheetText } from './section-props.ts';
import { TextInput } from './text-input.tsx';
import { YesNoRadios } from './yes-no-radios.tsx';

/**
 * Section 2: province (or Metro Manila), then its city or municipality (PSGC codes, GUIDE section 4), the
 * street address and the type of residence. A city cannot be chosen before a province.
 */
export function ResidenceSection(props: SectionProps & { psgc: PsgcData | null }) {
  const { form, t, psgc } = props;
  const sheet = sheetText(t);
  const state = form.text('state');
  const stateChoices = useMemo(
    () => psgc?.states.map((entry) => ({ value: entry.code, label: entry.name })) ?? [],
    [psgc],
  );
  const cityChoices = useMemo(
    () => (psgc && state ? citiesOf(psgc, state).map(([code, name]) => ({ value: code, label: name })) : []),
    [psgc, state],
  );
  // The permanent address, asked only when it differs from where she lives now (ADR 0083).
  const differs = permanentAddressDiffers(form.state.values);
  const permanentState = form.text('permanentState');
  const permanentCityChoices = useMemo(
    () =>
      psgc && permanentState
        ? citiesOf(psgc, permanentState).map(([code, name]) => ({ value: code, label: name }))
        : [],
    [psgc, permanentState],
  );

  return (
    <section className="card pf-section" aria-labelledby="profile-section-residence">
      <h2 className="pf-section-title" id="profile-section-residence">
        {t('section.residence')}
      </h2>
      <PlacePicker
        {...fieldProps(props, 'state')}
        choices={stateChoices}
        placeholder={sheet.placeholder}
        searchLabel={t('search.provinces')}
        emptyText={t('search.noMatch')}
        loading={!psgc}
      />
      <PlacePicker
        {...fieldProps(props, 'city')}
        choices={cityChoices}
        placeholder={sheet.placeholder}
        searchLabel={t('search.cities')}
        emptyText={t('search.noMatch')}
        loading={!psgc}
        beforeOpen={() => {
          if (canChooseCity(form.state.values)) return true;
          showToast(t('toast.chooseStateFirst'));
          return false;
        }}
      />
      <TextInput
        {...fieldProps(props, 'address')}
        maxLength={ADDRESS_MAX_LENGTH}
        autoComplete="street-address"
      />
      <ChoicePicker
        {...fieldProps(props, 'residenceType')}
        choices={choicesOf(RESIDENCE_TYPES, form.lang)}
        sheet={sheet}
      />
      <YesNoRadios
        {...fieldProps(props, 'permanentAddressDiffers')}
        // Unanswered reads as yes: the question needs no "optional" beside it.
        optionalText=""
        yesValue={0}
        yesText={t('answer.yes')}
        noText={t('answer.no')}
      />
      {differs ? (
        <>
          <PlacePicker
            {...fieldProps(props, 'permanentState')}
            required
            hint={t('hint.permanentAddress')}
            choices={stateChoices}
            placeholder={sheet.placeholder}
            searchLabel={t('search.provinces')}
            emptyText={t('search.noMatch')}
            loading={!psgc}
          />
          <PlacePicker
            {...fieldProps(props, 'permanentCity')}
            required
            choices={permanentCityChoices}
            placeholder={sheet.placeholder}
            searchLabel={t('search.cities')}
            emptyText={t('search.noMatch')}
            loading={!psgc}
            beforeOpen={() => {
              if (permanentState) return true;
              showToast(t('toast.chooseStateFirst'));
              return false;
            }}
          />
          <TextInput
            {...fieldProps(props, 'permanentAddress')}
            required
            maxLength={ADDRESS_MAX_LENGTH}
            autoComplete="off"
          />
        </>
      ) : null}
    </section>
  );
}
