/**
 * The bridge protocol between the web app and its host (a native app's WebView or a parent frame).
 * docs/bridge.md describes it for native teams; this file is its typed form, shared with the host simulator.
 */

export const BRIDGE_PROTOCOL_VERSION = 1;

/** Names of the host app's own screens for the steps SPEC section 2 sends to the native app. */
export const NATIVE_STEPS = [
  'personal_infomation',
  'additionalInfomation',
  'id_card_authentication',
  'addBankCard',
  'loan_question',
] as const;
export type NativeStep = (typeof NATIVE_STEPS)[number];

export type ContactIndex = 1 | 2;

export interface ChosenContact {
  name: string;
  phone: string;
}

/** What the web app sends with each action. */
export interface ActionPayloads {
  toLogin: { returnTo?: string };
  getLoginInfo: Record<string, never>;
  logout: Record<string, never>;
  toWebStep: { step: string };
  timeSDK: Record<string, never>;
  logEvent: { name: string; params?: Record<string, string | number | boolean> };
  selectContact: { index: ContactIndex; callback: string };
  fieldChange: { id: string; value: unknown };
}
export type BridgeAction = keyof ActionPayloads;

/** Actions the host answers with no reply at all: the web app never waits for them. */
export const ONE_WAY_ACTIONS: readonly BridgeAction[] = ['logEvent', 'fieldChange'];

export interface BridgeRequest<A extends BridgeAction = BridgeAction> {
  hiram: typeof BRIDGE_PROTOCOL_VERSION;
  id: string;
  action: A;
  payload: ActionPayloads[A];
}

export interface BridgeFailure {
  code: string | number;
  message: string;
}

export interface BridgeReply {
  hiram: typeof BRIDGE_PROTOCOL_VERSION;
  replyTo: string;
  ok: boolean;
  data?: unknown;
  error?: BridgeFailure;
}

/** Host-initiated events. A `setNewToken` with an empty token means the host signed the borrower out. */
export interface HostEventPayloads {
  setNewToken: { token: string };
}
export type HostEventName = keyof HostEventPayloads;

export interface BridgeEvent<E extends string = string> {
  hiram: typeof BRIDGE_PROTOCOL_VERSION;
  event: E;
  payload: unknown;
}

/** How a parent frame calls a named callback (it cannot call into a cross-origin frame's globals). */
export interface BridgeCallbackCall {
  hiram: typeof BRIDGE_PROTOCOL_VERSION;
  callback: string;
  payload: ContactAnswer;
}

/** The answer to selectContact, passed to the named callback. */
export type ContactAnswer = { result: 'ok'; data: ChosenContact } | { result: 'cancel' };

/** Sent to a parent page in embedded mode (the profile form sections). */
export interface FieldChangeEvent {
  hiram: typeof BRIDGE_PROTOCOL_VERSION;
  event: 'fieldChange';
  payload: { id: string; value: unknown };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message of this protocol, parsed from an object or from JSON text (Android hosts often pass text). */
export function readMessage(raw: unknown): Record<string, unknown> | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return isRecord(value) && value.hiram === BRIDGE_PROTOCOL_VERSION ? value : null;
}
