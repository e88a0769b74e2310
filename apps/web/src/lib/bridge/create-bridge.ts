import { allowedOrigins, parentTargetOrigin } from './origins.ts';
import {
  type ActionPayloads,
  BRIDGE_PROTOCOL_VERSION,
  type BridgeAction,
  type BridgeRequest,
  type ChosenContact,
  type ContactIndex,
  type FieldChangeEvent,
  type HostEventName,
  type HostEventPayloads,
  isRecord,
  readMessage,
} from './protocol.ts';

export type AppMode = 'app' | 'web' | 'embedded';

/** A native-only action was asked for outside the app (SPEC section 8's bridge failure). */
export class BridgeUnavailableError extends Error {
  constructor() {
    super('Please run in App');
    this.name = 'BridgeUnavailableError';
  }
}

/** The host answered with a failure, or did not answer in time (`code` 'timeout'). */
export class BridgeError extends Error {
  readonly code: string | number;
  constructor(code: string | number, message: string) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
  }
}

/** A quick question to the host (no screen involved). */
export const QUICK_REPLY_TIMEOUT_MS = 5_000;
/** A host screen the borrower works through; as long as a login code lives (GUIDE section 6: 5 minutes). */
export const USER_REPLY_TIMEOUT_MS = 5 * 60_000;

export interface LoginInfo {
  token: string;
  mobile?: string;
}

export interface Bridge {
  toLogin(options?: { returnTo?: string }): Promise<void>;
  getLoginInfo(): Promise<LoginInfo | null>;
  logout(): Promise<void>;
  toWebStep(step: string): Promise<void>;
  timeSDK(): Promise<unknown>;
  logEvent(name: string, params?: Record<string, string | number | boolean>): Promise<void>;
  selectContact(index: ContactIndex): Promise<ChosenContact | null>;
  emitFieldChange(id: string, value: unknown): void;
}

type TransportKind = 'android' | 'ios' | 'frame';
interface Transport {
  kind: TransportKind;
  send(message: BridgeRequest): void;
}

interface HostGlobals {
  HiramAndroid?: { postMessage?: (json: string) => void };
  webkit?: { messageHandlers?: { hiram?: { postMessage?: (message: unknown) => void } } };
  hiramBridge?: { version: number; receive(message: unknown): void };
  [callback: string]: unknown;
}

export interface BridgeRuntime {
  mode: AppMode;
  transport: TransportKind | null;
  bridge: Bridge;
  onNativeEvent<E extends HostEventName>(
    event: E,
    handler: (payload: HostEventPayloads[E]) => void,
  ): () => void;
  /** What `window.hiramBridge.receive` does; exposed for tests. */
  receive(message: unknown): void;
}

/** `?host=frame` may sit before the hash or, in a hash-routed link, inside it. */
function queryParam(location: Location, name: string): string | null {
  const fromSearch = new URLSearchParams(location.search).get(name);
  if (fromSearch !== null) return fromSearch;
  const question = location.hash.indexOf('?');
  return question === -1 ? null : new URLSearchParams(location.hash.slice(question + 1)).get(name);
}

function nativeTransport(host: HostGlobals): Transport | null {
  const android = host.HiramAndroid;
  if (android && typeof android.postMessage === 'function') {
    // addJavascriptInterface passes only strings.
    return { kind: 'android', send: (message) => android.postMessage?.(JSON.stringify(message)) };
  }
  const ios = host.webkit?.messageHandlers?.hiram;
  if (ios && typeof ios.postMessage === 'function') {
    return { kind: 'ios', send: (message) => ios.postMessage?.(message) };
  }
  return null;
}

/** `win` is null where there is no page (unit tests in Node): the bridge then behaves as in a browser. */
export function createBridge(win: Window | null, configuredOrigins: readonly string[]): BridgeRuntime {
  const host = (win ?? {}) as HostGlobals;
  const origins = allowedOrigins(win?.location.origin ?? 'null', configuredOrigins);
  const parentOrigin =
    win && win.parent !== win ? parentTargetOrigin(win.location, win.document.referrer, origins) : null;

  let transport = nativeTransport(host);
  if (win && !transport && queryParam(win.location, 'host') === 'frame' && parentOrigin !== null) {
    const target = parentOrigin;
    transport = { kind: 'frame', send: (message) => win.parent.postMessage(message, target) };
  }
  const mode: AppMode = transport
    ? 'app'
    : win && queryParam(win.location, 'mode') === 'embedded'
      ? 'embedded'
      : 'web';

  const runId = Math.random().toString(36).slice(2, 8);
  let counter = 0;
  const nextId = () => `${runId}${++counter}`;

  const pending = new Map<string, { resolve(data: unknown): void; reject(error: Error): void }>();
  const callbacks = new Map<string, (answer: unknown) => void>();
  const handlers = new Map<string, Set<(payload: never) => void>>();
  // An event that came before anyone listened (e.g. a token handed over while the app was starting).
  const unheard = new Map<string, unknown>();

  function send<A extends BridgeAction>(action: A, payload: ActionPayloads[A], id = nextId()): void {
    if (!transport) throw new BridgeUnavailableError();
    transport.send({ hiram: BRIDGE_PROTOCOL_VERSION, id, action, payload } as BridgeRequest);
  }

  function call<A extends BridgeAction>(
    action: A,
    payload: ActionPayloads[A],
    timeoutMs: number,
  ): Promise<unknown> {
    if (!transport) return Promise.reject(new BridgeUnavailableError());
    return new Promise((resolve, reject) => {
      const id = nextId();
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new BridgeError('timeout', `The app did not answer ${action}`));
      }, timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        pending.delete(id);
      };
      pending.set(id, {
        resolve: (data) => {
          settle();
          resolve(data);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      try {
        send(action, payload, id);
      } catch {
        pending.get(id)?.reject(new BridgeUnavailableError());
      }
    });
  }

  function notify<A extends BridgeAction>(action: A, payload: ActionPayloads[A]): void {
    try {
      if (transport) send(action, payload);
    } catch {
      // Analytics and field echoes must never break the screen that sent them.
    }
  }

  function receive(raw: unknown): void {
    const message = readMessage(raw);
    if (!message) return;
    if (typeof message.replyTo === 'string') {
      const waiting = pending.get(message.replyTo);
      if (!waiting) return;
      if (message.ok === true) {
        waiting.resolve(message.data ?? null);
      } else {
        const error = isRecord(message.error) ? message.error : {};
        const code = typeof error.code === 'string' || typeof error.code === 'number' ? error.code : 'failed';
        const text = typeof error.message === 'string' ? error.message : 'The app could not do this';
        waiting.reject(new BridgeError(code, text));
      }
    } else if (typeof message.callback === 'string') {
      callbacks.get(message.callback)?.(message.payload);
    } else if (typeof message.event === 'string') {
      const payload = message.payload;
      if (message.event === 'setNewToken' && !(isRecord(payload) && typeof payload.token === 'string'))
        return;
      const listeners = handlers.get(message.event);
      if (listeners && listeners.size > 0) {
        for (const listener of listeners) listener(payload as never);
      } else {
        unheard.set(message.event, payload);
      }
    }
  }

  function onNativeEvent<E extends HostEventName>(
    event: E,
    handler: (payload: HostEventPayloads[E]) => void,
  ): () => void {
    let listeners = handlers.get(event);
    if (!listeners) {
      listeners = new Set();
      handlers.set(event, listeners);
    }
    const listener = handler as (payload: never) => void;
    listeners.add(listener);
    if (unheard.has(event)) {
      const payload = unheard.get(event) as HostEventPayloads[E];
      unheard.delete(event);
      queueMicrotask(() => handler(payload));
    }
    return () => {
      listeners.delete(listener);
    };
  }

  function selectContact(index: ContactIndex): Promise<ChosenContact | null> {
    if (!transport) return Promise.reject(new BridgeUnavailableError());
    return new Promise((resolve, reject) => {
      const callback = `hiramContactCallback${nextId()}`;
      const finish = () => {
        clearTimeout(timer);
        callbacks.delete(callback);
        delete host[callback];
      };
      const timer = setTimeout(() => {
        finish();
        reject(new BridgeError('timeout', 'The app did not answer selectContact'));
      }, USER_REPLY_TIMEOUT_MS);
      const answer = (raw: unknown) => {
        finish();
        let value = raw;
        if (typeof raw === 'string') {
          try {
            value = JSON.parse(raw);
          } catch {
            value = null;
          }
        }
        const data = isRecord(value) && isRecord(value.data) ? value.data : null;
        if (isRecord(value) && value.result === 'cancel') resolve(null);
        else if (value && isRecord(value) && value.result === 'ok' && data) {
          if (typeof data.name === 'string' && typeof data.phone === 'string') {
            resolve({ name: data.name, phone: data.phone });
            return;
          }
          reject(new BridgeError('failed', 'The app sent a contact without a name or number'));
        } else reject(new BridgeError('failed', 'The app could not pick a contact'));
      };
      callbacks.set(callback, answer);
      // Native hosts call the named global directly (SPEC section 7); frames post { callback, payload }.
      host[callback] = answer;
      try {
        send('selectContact', { index, callback });
      } catch {
        finish();
        reject(new BridgeUnavailableError());
      }
    });
  }

  function emitFieldChange(id: string, value: unknown): void {
    if (mode === 'app') {
      notify('fieldChange', { id, value });
      return;
    }
    if (mode !== 'embedded' || !win || parentOrigin === null) return;
    const message: FieldChangeEvent = {
      hiram: BRIDGE_PROTOCOL_VERSION,
      event: 'fieldChange',
      payload: { id, value },
    };
    try {
      win.parent.postMessage(message, parentOrigin);
    } catch {
      // A value that cannot be cloned is not worth breaking the form for.
    }
  }

  if (win && (transport?.kind === 'frame' || mode === 'embedded')) {
    win.addEventListener('message', (event: MessageEvent) => {
      if (event.source !== win.parent || !origins.has(event.origin)) return;
      receive(event.data);
    });
  }
  if (transport && transport.kind !== 'frame') {
    host.hiramBridge = { version: BRIDGE_PROTOCOL_VERSION, receive };
  }

  const bridge: Bridge = {
    toLogin: async (options) => {
      await call('toLogin', options?.returnTo ? { returnTo: options.returnTo } : {}, USER_REPLY_TIMEOUT_MS);
    },
    getLoginInfo: async () => {
      const data = await call('getLoginInfo', {}, QUICK_REPLY_TIMEOUT_MS);
      if (!isRecord(data) || typeof data.token !== 'string' || data.token === '') return null;
      return typeof data.mobile === 'string'
        ? { token: data.token, mobile: data.mobile }
        : { token: data.token };
    },
    logout: async () => {
      await call('logout', {}, QUICK_REPLY_TIMEOUT_MS);
    },
    toWebStep: async (step) => {
      await call('toWebStep', { step }, USER_REPLY_TIMEOUT_MS);
    },
    timeSDK: () => call('timeSDK', {}, QUICK_REPLY_TIMEOUT_MS),
    logEvent: async (name, params) => {
      notify('logEvent', params ? { name, params } : { name });
    },
    selectContact,
    emitFieldChange,
  };

  return { mode, transport: transport?.kind ?? null, bridge, onNativeEvent, receive };
}
