import { COLLECTION_SWITCHES_OFF } from '@hiram/contract/collection-switches';
import { formatPhMobile } from '@hiram/contract/mobile';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  BRIDGE_PROTOCOL_VERSION,
  type BridgeFailure,
  type ContactAnswer,
  type ContactIndex,
  isRecord,
  NATIVE_STEPS,
  type NativeStep,
  readMessage,
} from '../lib/bridge/protocol.ts';
import { ContactPicker } from './contact-picker.tsx';
import { callApi } from './host-api.ts';
import type { LogDirection, LogEntry } from './log-entry.ts';
import { LoginScreen, type SignedIn } from './login-screen.tsx';
import { MessageLog } from './message-log.tsx';
import { StepSheet } from './step-sheet.tsx';

const SESSION_KEY = 'hiramSimulator.session';
const APP_URL = '/?host=frame';
const LOG_LIMIT = 500;

type Overlay =
  | { kind: 'login'; requestId: string }
  | { kind: 'contacts'; callback: string; index: ContactIndex }
  | { kind: 'step'; requestId: string; step: NativeStep };

function loadSession(): SignedIn | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
    return isRecord(value) && typeof value.token === 'string' && typeof value.mobile === 'string'
      ? { token: value.token, mobile: value.mobile }
      : null;
  } catch {
    return null;
  }
}

function storeSession(session: SignedIn | null): void {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
}

const isNativeStep = (step: unknown): step is NativeStep => NATIVE_STEPS.includes(step as NativeStep);
// The callback name is evaluated by real native hosts; anything but a plain identifier is refused.
const isCallbackName = (name: unknown): name is string =>
  typeof name === 'string' && /^[A-Za-z_$][\w$]*$/.test(name);

export function SimulatorApp() {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [frameSrc, setFrameSrc] = useState(`${APP_URL}#/`);
  const [frameKey, setFrameKey] = useState(0);
  const [route, setRoute] = useState('/');
  const [log, setLog] = useState<LogEntry[]>([]);
  const seq = useRef(0);
  const [session, setSessionState] = useState<SignedIn | null>(loadSession);
  const sessionRef = useRef(session);
  const [overlay, setOverlayState] = useState<Overlay | null>(null);
  const overlayRef = useRef(overlay);

  const setSession = (next: SignedIn | null) => {
    sessionRef.current = next;
    storeSession(next);
    setSessionState(next);
  };
  const setOverlay = (next: Overlay | null) => {
    overlayRef.current = next;
    setOverlayState(next);
  };

  const addLog = useCallback((direction: LogDirection, name: string, payload?: unknown) => {
    const entry: LogEntry = { seq: ++seq.current, time: new Date(), direction, name, payload };
    setLog((entries) => [...entries.slice(-(LOG_LIMIT - 1)), entry]);
  }, []);

  const post = (message: object, name: string, logged?: unknown) => {
    frameRef.current?.contentWindow?.postMessage(message, window.location.origin);
    addLog('app → web', name, logged);
  };
  const reply = (requestId: string, action: string, data: unknown) =>
    post({ hiram: BRIDGE_PROTOCOL_VERSION, replyTo: requestId, ok: true, data }, `${action} ✓`, data);
  const fail = (requestId: string, action: string, error: BridgeFailure) =>
    post({ hiram: BRIDGE_PROTOCOL_VERSION, replyTo: requestId, ok: false, error }, `${action} ✗`, error);
  const sendEvent = (event: string, payload: unknown) =>
    post({ hiram: BRIDGE_PROTOCOL_VERSION, event, payload }, `event ${event}`, payload);
  const answerContact = (callback: string, answer: ContactAnswer) =>
    post({ hiram: BRIDGE_PROTOCOL_VERSION, callback, payload: answer }, `${callback}()`, answer);

  /** Closes a native screen the borrower left without finishing, answering the request that opened it. */
  const dismiss = (current: Overlay) => {
    if (current.kind === 'login')
      fail(current.requestId, 'toLogin', { code: 'cancelled', message: 'Login closed' });
    if (current.kind === 'contacts') answerContact(current.callback, { result: 'cancel' });
    if (current.kind === 'step') reply(current.requestId, 'toWebStep', { completed: false });
  };
  const openOverlay = (next: Overlay) => {
    if (overlayRef.current) dismiss(overlayRef.current);
    setOverlay(next);
  };

  const handleRequest = (message: Record<string, unknown>) => {
    const { id, action } = message;
    if (typeof id !== 'string' || typeof action !== 'string') {
      addLog('web → app', 'not a request (ignored)', message);
      return;
    }
    const payload = isRecord(message.payload) ? message.payload : {};
    addLog('web → app', action, message.payload);
    switch (action) {
      case 'toLogin':
        openOverlay({ kind: 'login', requestId: id });
        break;
      case 'getLoginInfo': {
        const current = sessionRef.current;
        reply(id, action, current ? { token: current.token, mobile: current.mobile } : null);
        break;
      }
      case 'logout':
        setSession(null);
        addLog('note', 'session cleared (the web app asked)');
        reply(id, action, null);
        break;
      case 'toWebStep':
        if (!isNativeStep(payload.step)) {
          fail(id, action, { code: 'unknownStep', message: `No native step ${String(payload.step)}` });
          break;
        }
        addLog('note', `native step: ${payload.step}`);
        openOverlay({ kind: 'step', requestId: id, step: payload.step });
        break;
      case 'timeSDK':
        reply(id, action, COLLECTION_SWITCHES_OFF);
        break;
      case 'selectContact':
        if (isCallbackName(payload.callback) && (payload.index === 1 || payload.index === 2)) {
          openOverlay({ kind: 'contacts', callback: payload.callback, index: payload.index });
        } else addLog('note', 'selectContact without a valid index and callback (ignored)');
        break;
      case 'logEvent':
      case 'fieldChange':
        break;
      default:
        fail(id, action, { code: 'unknownAction', message: `Unknown action ${action}` });
    }
  };
  const handleRef = useRef(handleRequest);
  handleRef.current = handleRequest;

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      // Only the app in our own frame speaks to this host.
      if (event.source !== frameRef.current?.contentWindow || event.origin !== window.location.origin) return;
      const message = readMessage(event.data);
      if (message) handleRef.current(message);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  const signedIn = (next: SignedIn, requestId: string) => {
    setSession(next);
    setOverlay(null);
    addLog('note', `signed in as ${next.mobile}`);
    sendEvent('setNewToken', { token: next.token });
    reply(requestId, 'toLogin', { loggedIn: true });
  };

  const closeOverlay = () => {
    const current = overlayRef.current;
    setOverlay(null);
    if (current) dismiss(current);
  };

  const nativeLogout = () => {
    const current = sessionRef.current;
    setSession(null);
    addLog('note', 'native log out: session cleared');
    if (current) {
      callApi('logout', {}, current.token).catch(() => addLog('note', 'the API did not end the session'));
    }
    sendEvent('setNewToken', { token: '' });
  };

  const reloadApp = () => {
    setOverlay(null);
    addLog('note', 'app reloaded');
    try {
      // Same origin: reload where the borrower is, as a native web view would.
      frameRef.current?.contentWindow?.location.reload();
    } catch {
      setFrameKey((key) => key + 1);
    }
  };

  const openRoute = (event: FormEvent) => {
    event.preventDefault();
    const path = route.trim().replace(/^#/, '');
    const href = `${APP_URL}#${path.startsWith('/') ? path : `/${path}`}`;
    addLog('note', `open ${href}`);
    if (href === frameSrc) setFrameKey((key) => key + 1);
    setFrameSrc(href);
  };

  return (
    <div className="sim">
      <header className="sim-header">
        <h1>Hiram host simulator</h1>
        <p>Plays the native app around the web app. Development and tests only.</p>
      </header>
      <div className="sim-main">
        <div className="sim-phone">
          <div className="sim-screen">
            <iframe key={frameKey} ref={frameRef} src={frameSrc} title="Hiram web app" />
            {overlay?.kind === 'login' && (
              <LoginScreen onSignedIn={(next) => signedIn(next, overlay.requestId)} onClose={closeOverlay} />
            )}
            {overlay?.kind === 'contacts' && (
              <ContactPicker
                index={overlay.index}
                onChoose={(contact) => {
                  setOverlay(null);
                  answerContact(overlay.callback, { result: 'ok', data: contact });
                }}
                onCancel={closeOverlay}
              />
            )}
            {overlay?.kind === 'step' && (
              <StepSheet
                step={overlay.step}
                onFinish={(completed) => {
                  setOverlay(null);
                  reply(overlay.requestId, 'toWebStep', { completed });
                }}
              />
            )}
          </div>
        </div>
        <div className="sim-side">
          <section className="sim-controls" aria-label="Native app controls">
            <p className="sim-session">
              {session ? `Signed in as ${formatPhMobile(session.mobile)}` : 'Not signed in'}
            </p>
            <div className="sim-buttons">
              <button type="button" onClick={nativeLogout} disabled={!session}>
                Log out (native)
              </button>
              <button type="button" onClick={reloadApp}>
                Reload app
              </button>
            </div>
            <form className="sim-route" onSubmit={openRoute}>
              <label htmlFor="sim-route">Route</label>
              <input id="sim-route" value={route} onChange={(event) => setRoute(event.target.value)} />
              <button type="submit">Open</button>
            </form>
          </section>
          <MessageLog entries={log} onClear={() => setLog([])} />
        </div>
      </div>
    </div>
  );
}
