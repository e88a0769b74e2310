import { fillTemplate, LANGUAGES, type Language, parseLanguage } from '@hiram/contract/languages';
import { useSyncExternalStore } from 'react';
import { rememberLanguageForFirstPaint } from '../first-paint.ts';
import { readItem, writeItem } from '../storage.ts';
import { en, type MessageKey, type Messages } from './en.ts';

export type { MessageKey } from './en.ts';
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** English ships with the first screen; the other dictionaries are separate chunks fetched on demand. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  fil: () => import('./fil.ts').then((module) => module.fil),
  es: () => import('./es.ts').then((module) => module.es),
};

interface I18nState {
  lang: Language;
  messages: Messages;
  t: Translate;
}

function makeState(lang: Language, messages: Messages): I18nState {
  return { lang, messages, t: (key, values) => fillTemplate(messages[key], values) };
}

let state = makeState('en', en);
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** A stored choice wins, then a `lang` launch parameter from the host app, then the phone's language. */
export function initialLanguage(search: string, browserLanguage: string | undefined): Language {
  const stored = readItem('language');
  if (isLanguage(stored)) return stored;
  const launch = new URLSearchParams(search).get('lang');
  if (launch) return parseLanguage(launch);
  return parseLanguage(browserLanguage);
}

/** The language being switched to, from the moment it is asked for: requests already speak it. */
let switchingTo: Language | null = null;

/** The borrower's language, for requests (the `lang` header): the one being switched to counts already. */
export function getLanguage(): Language {
  return switchingTo ?? state.lang;
}

/** The language the screens are drawn in now (its dictionary loaded). */
export function getShownLanguage(): Language {
  return state.lang;
}

/** For code outside components (the API client's toasts). */
export const translate: Translate = (key, values) => state.t(key, values);

/**
 * Switches every string of the app: loads the dictionary if needed, keeps the choice, then re-renders.
 * The `lang` header follows automatically because the API client reads the current language per request.
 */
export async function setLanguage(lang: Language): Promise<void> {
  switchingTo = lang;
  let messages: Messages;
  try {
    messages = lang === 'en' ? en : await loaders[lang]();
  } finally {
    if (switchingTo === lang) switchingTo = null;
  }
  writeItem('language', lang);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    rememberLanguageForFirstPaint(lang);
  }
  if (state.lang === lang && state.messages === messages) return;
  state = makeState(lang, messages);
  for (const listener of listeners) listener();
}

export function onLanguageChange(listener: () => void): () => void {
  return subscribe(listener);
}

export function useI18n(): { lang: Language; t: Translate; setLanguage: (lang: Language) => Promise<void> } {
  // On the server, and while hydrating, the language is the one the page was drawn in: set before rendering.
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return { lang: current.lang, t: current.t, setLanguage };
}
