import type { FeatureText } from '../../lib/i18n/feature-text.ts';

const en = {
  title: 'Messages',
  intro:
    'What we sent you: reminders, sign-in alerts, account changes and payment receipts. Codes are never shown here.',
  loadFailed: 'Your messages could not be loaded',
  emptyTitle: 'No messages yet',
  emptyHint: 'Reminders before a due date, sign-in alerts and payment receipts will appear here.',
  listLabel: 'Your messages, newest first',
  unread: 'New',
  viaSms: 'Sent by SMS',
  viaApp: 'In the app',
  older: 'Show older messages',
  olderFailed: 'Older messages could not be loaded. Please try again',
  reminder: 'Payment reminder',
  signInAlert: 'Sign-in alert',
  accountChanged: 'Receiving account changed',
  alreadyRegistered: 'Sign-up attempt',
  paymentReceived: 'Payment received',
};

export type MessagesTextKey = keyof typeof en;

export const messagesText: FeatureText<MessagesTextKey> = {
  en,
  fil: {
    title: 'Mga mensahe',
    intro:
      'Ang mga ipinadala namin sa iyo: mga paalala, alerto sa pag-log in, pagbabago ng account at resibo ng bayad. Hindi kailanman ipinapakita rito ang mga code.',
    loadFailed: 'Hindi ma-load ang iyong mga mensahe',
    emptyTitle: 'Wala pang mensahe',
    emptyHint:
      'Lalabas dito ang mga paalala bago ang takdang petsa, alerto sa pag-log in at resibo ng bayad.',
    listLabel: 'Ang iyong mga mensahe, pinakabago muna',
    unread: 'Bago',
    viaSms: 'Ipinadala sa SMS',
    viaApp: 'Sa app',
    older: 'Ipakita ang mas lumang mensahe',
    olderFailed: 'Hindi ma-load ang mas lumang mensahe. Pakisubukan muli',
    reminder: 'Paalala sa bayad',
    signInAlert: 'Alerto sa pag-log in',
    accountChanged: 'Napalitan ang tatanggap na account',
    alreadyRegistered: 'Pagtatangkang mag-sign up',
    paymentReceived: 'Natanggap ang bayad',
  },
  es: {
    title: 'Mensajes',
    intro:
      'Lo que le enviamos: recordatorios, avisos de inicio de sesión, cambios de cuenta y recibos de pago. Los códigos nunca se muestran aquí.',
    loadFailed: 'No se pudieron cargar sus mensajes',
    emptyTitle: 'Aún no hay mensajes',
    emptyHint:
      'Aquí aparecerán los recordatorios antes del vencimiento, los avisos de inicio de sesión y los recibos de pago.',
    listLabel: 'Sus mensajes, los más recientes primero',
    unread: 'Nuevo',
    viaSms: 'Enviado por SMS',
    viaApp: 'En la aplicación',
    older: 'Ver mensajes anteriores',
    olderFailed: 'No se pudieron cargar los mensajes anteriores. Inténtelo de nuevo',
    reminder: 'Recordatorio de pago',
    signInAlert: 'Aviso de inicio de sesión',
    accountChanged: 'Cuenta de depósito cambiada',
    alreadyRegistered: 'Intento de registro',
    paymentReceived: 'Pago recibido',
  },
};
