import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BridgeError,
  BridgeUnavailableError,
  createBridge,
  QUICK_REPLY_TIMEOUT_MS,
} from './create-bridge.ts';
import { allowedOrigins } from './origins.ts';

interface FakeWindow {
  location: { search: string; hash: string; origin: string; ancestorOrigins?: string[] };
  document: { referrer: string };
  parent: unknown;
  listeners: ((event: { source: unknown; origin: string; data: unknown }) => void)[];
  addEventListener(type: string, listener: FakeWindow['listeners'][number]): void;
  [name: string]: unknown;
}

function fakeWindow(options: {
  search?: string;
  hash?: string;
  parentOrigin?: string;
  globals?: Record<string, unknown>;
}): FakeWindow & { posted: { message: unknown; target: string }[] } {
  const posted: { message: unknown; target: string }[] = [];
  const win = {
    location: {
      search: options.search ?? '',
      hash: options.hash ?? '#/',
      origin: 'https://app.hiram.test',
      ...(options.parentOrigin ? { ancestorOrigins: [options.parentOrigin] } : {}),
    },
    document: { referrer: '' },
    parent: undefined as unknown,
    listeners: [],
    posted,
    addEventListener(_type: string, listener: FakeWindow['listeners'][number]) {
      win.listeners.push(listener);
    },
    ...options.globals,
  } as FakeWindow & { posted: typeof posted };
  win.parent = options.parentOrigin
    ? { postMessage: (message: unknown, target: string) => posted.push({ message, target }) }
    : win;
  return win;
}

function start(win: FakeWindow, configured: readonly string[] = []) {
  return createBridge(win as unknown as Window, configured);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('outside the app', () => {
  it('is web mode, and native-only actions reject with "Please run in App"', async () => {
    const runtime = start(fakeWindow({}));
    expect(runtime.mode).toBe('web');
    await expect(runtime.bridge.toLogin()).rejects.toBeInstanceOf(BridgeUnavailableError);
    await expect(runtime.bridge.getLoginInfo()).rejects.toThrow('Please run in App');
    await expect(runtime.bridge.selectContact(1)).rejects.toThrow('Please run in App');
    await expect(runtime.bridge.logEvent('home_view')).resolves.toBeUndefined();
    expect(() => runtime.bridge.emitFieldChange('firstName', 'Juan')).not.toThrow();
  });

  it('behaves as in a browser where there is no page at all (Node)', async () => {
    const runtime = createBridge(null, []);
    expect(runtime.mode).toBe('web');
    await expect(runtime.bridge.logout()).rejects.toThrow('Please run in App');
    expect(() => runtime.bridge.emitFieldChange('a', 1)).not.toThrow();
  });

  it('ignores ?host=frame when the page is not in a frame', () => {
    expect(start(fakeWindow({ search: '?host=frame' })).mode).toBe('web');
  });

  it('is embedded mode with ?mode=embedded and sends field changes to an allowed parent', () => {
    const win = fakeWindow({ search: '?mode=embedded', parentOrigin: 'https://lender.test' });
    const runtime = start(win, ['https://lender.test']);
    expect(runtime.mode).toBe('embedded');
    runtime.bridge.emitFieldChange('firstName', 'Juan');
    expect(win.posted).toEqual([
      {
        message: { hiram: 1, event: 'fieldChange', payload: { id: 'firstName', value: 'Juan' } },
        target: 'https://lender.test',
      },
    ]);
  });

  it('sends nothing to an embedding parent outside the allow-list', () => {
    const win = fakeWindow({ hash: '#/auth?mode=embedded', parentOrigin: 'https://evil.test' });
    const runtime = start(win);
    expect(runtime.mode).toBe('embedded');
    runtime.bridge.emitFieldChange('mobile', '09171234567');
    expect(win.posted).toEqual([]);
  });
});

describe('Android host', () => {
  function android() {
    const sent: string[] = [];
    const win = fakeWindow({ globals: { HiramAndroid: { postMessage: (json: string) => sent.push(json) } } });
    return { win, sent, runtime: start(win) };
  }

  it('sends JSON text and maps the reply to the promise', async () => {
    const { win, sent, runtime } = android();
    expect(runtime.mode).toBe('app');
    const info = runtime.bridge.getLoginInfo();
    const request = JSON.parse(sent[0] as string);
    expect(request).toMatchObject({ hiram: 1, action: 'getLoginInfo', payload: {} });
    const receiver = win.hiramBridge as { receive(message: unknown): void };
    receiver.receive(JSON.stringify({ hiram: 1, replyTo: request.id, ok: true, data: { token: 'abc' } }));
    await expect(info).resolves.toEqual({ token: 'abc' });
  });

  it('rejects with the host error, and on timeout', async () => {
    vi.useFakeTimers();
    const { sent, runtime } = android();
    const logout = runtime.bridge.logout();
    const { id } = JSON.parse(sent[0] as string);
    runtime.receive({ hiram: 1, replyTo: id, ok: false, error: { code: 'busy', message: 'Try again' } });
    await expect(logout).rejects.toMatchObject({ code: 'busy', message: 'Try again' });

    const sdk = runtime.bridge.timeSDK();
    const caught = sdk.catch((error: unknown) => error);
    vi.advanceTimersByTime(QUICK_REPLY_TIMEOUT_MS + 1);
    const error = await caught;
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'timeout' });
  });

  it('answers selectContact through the named callback and then removes it', async () => {
    const { win, sent, runtime } = android();
    const chosen = runtime.bridge.selectContact(2);
    const request = JSON.parse(sent[0] as string);
    expect(request.payload.index).toBe(2);
    const callback = request.payload.callback as string;
    expect(callback).toMatch(/^[A-Za-z_$][\w$]*$/);
    (win[callback] as (answer: unknown) => void)(
      JSON.stringify({ result: 'ok', data: { phone: '+63 917 123 4567', name: 'Maria' } }),
    );
    await expect(chosen).resolves.toEqual({ name: 'Maria', phone: '+63 917 123 4567' });
    expect(win[callback]).toBeUndefined();

    const cancelled = runtime.bridge.selectContact(1);
    const next = JSON.parse(sent[1] as string).payload.callback as string;
    (win[next] as (answer: unknown) => void)({ result: 'cancel' });
    await expect(cancelled).resolves.toBeNull();
  });

  it('logs events without waiting for an answer', async () => {
    const { sent, runtime } = android();
    await runtime.bridge.logEvent('apply_tap', { amount: 5000 });
    runtime.bridge.emitFieldChange('gender', 1);
    expect(sent.map((json) => JSON.parse(json).action)).toEqual(['logEvent', 'fieldChange']);
  });

  it('keeps a token handed over before anyone listened', async () => {
    const { runtime } = android();
    runtime.receive({ hiram: 1, event: 'setNewToken', payload: { token: 'early' } });
    const handler = vi.fn();
    runtime.onNativeEvent('setNewToken', handler);
    await Promise.resolve();
    expect(handler).toHaveBeenCalledWith({ token: 'early' });
    runtime.receive({ hiram: 1, event: 'setNewToken', payload: { token: 42 } });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('iOS host', () => {
  it('posts objects to the hiram message handler', () => {
    const sent: unknown[] = [];
    const win = fakeWindow({
      globals: { webkit: { messageHandlers: { hiram: { postMessage: (m: unknown) => sent.push(m) } } } },
    });
    const runtime = start(win);
    expect(runtime.transport).toBe('ios');
    void runtime.bridge.toWebStep('loan_question').catch(() => undefined);
    expect(sent[0]).toMatchObject({ hiram: 1, action: 'toWebStep', payload: { step: 'loan_question' } });
  });
});

describe('parent frame host', () => {
  it('talks to an allowed parent and ignores messages from anyone else', async () => {
    const win = fakeWindow({ search: '?host=frame', parentOrigin: 'https://app.hiram.test' });
    const runtime = start(win);
    expect(runtime.mode).toBe('app');
    const login = runtime.bridge.toLogin({ returnTo: '/records' });
    const { message, target } = win.posted[0] as { message: { id: string }; target: string };
    expect(target).toBe('https://app.hiram.test');
    const deliver = win.listeners[0];
    const reply = { hiram: 1, replyTo: message.id, ok: true, data: null };
    deliver?.({ source: win.parent, origin: 'https://evil.test', data: { ...reply, ok: false } });
    deliver?.({ source: {}, origin: 'https://app.hiram.test', data: { ...reply, ok: false } });
    deliver?.({ source: win.parent, origin: 'https://app.hiram.test', data: reply });
    await expect(login).resolves.toBeUndefined();
  });

  it('answers selectContact by a posted callback message', async () => {
    const win = fakeWindow({ search: '?host=frame', parentOrigin: 'https://app.hiram.test' });
    const runtime = start(win);
    const chosen = runtime.bridge.selectContact(1);
    const { message } = win.posted[0] as { message: { payload: { callback: string } } };
    win.listeners[0]?.({
      source: win.parent,
      origin: 'https://app.hiram.test',
      data: {
        hiram: 1,
        callback: message.payload.callback,
        payload: { result: 'ok', data: { phone: '0918', name: 'Jo' } },
      },
    });
    await expect(chosen).resolves.toEqual({ name: 'Jo', phone: '0918' });
  });

  it('is not app mode inside a parent outside the allow-list', () => {
    const runtime = start(fakeWindow({ search: '?host=frame', parentOrigin: 'https://evil.test' }));
    expect(runtime.mode).toBe('web');
  });
});

describe('allowedOrigins', () => {
  it('keeps the own origin, normalises entries and refuses wildcards', () => {
    const origins = allowedOrigins('https://app.hiram.test', [
      ' https://lender.test/ ',
      '*',
      'https://*.x.test',
      'nonsense',
    ]);
    expect([...origins]).toEqual(['https://app.hiram.test', 'https://lender.test']);
  });
});
