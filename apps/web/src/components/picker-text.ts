import type { FeatureText } from '../lib/i18n/feature-text.ts';

/** The words antd-mobile's sheets say for themselves: the mask's close and the wheels' screen-reader buttons. */
const en = {
  close: 'Close',
  confirm: 'Confirm',
  cancel: 'Cancel',
  selected: 'Selected',
  nothingSelected: 'Nothing selected',
  previous: 'Choose the previous one',
  noPrevious: 'This is the first one',
  next: 'Choose the next one',
  noNext: 'This is the last one',
};

export const pickerText: FeatureText<keyof typeof en> = {
  en,
  fil: {
    close: 'Isara',
    confirm: 'Kumpirmahin',
    cancel: 'Kanselahin',
    selected: 'Napili',
    nothingSelected: 'Wala pang napili',
    previous: 'Piliin ang nauna',
    noPrevious: 'Ito ang una',
    next: 'Piliin ang kasunod',
    noNext: 'Ito ang huli',
  },
  es: {
    close: 'Cerrar',
    confirm: 'Confirmar',
    cancel: 'Cancelar',
    selected: 'Seleccionado',
    nothingSelected: 'Nada seleccionado',
    previous: 'Elegir el anterior',
    noPrevious: 'Este es el primero',
    next: 'Elegir el siguiente',
    noNext: 'Este es el último',
  },
};
