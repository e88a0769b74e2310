/**
 * The data-collection switches of `/time/upload/enable` (SPEC section 7), which the native host also reports
 * to the web app in its `timeSDK` reply (docs/bridge.md). GUIDE section 6: every switch defaults to off, and
 * Philippine privacy rules (NPC Circular 20-01) forbid lending apps from harvesting contact lists, SMS and
 * app lists, so those three are never turned on, whatever a brand configures.
 */
export const COLLECTION_SWITCHES = [
  'enableTimeSdk',
  'appList',
  'sms',
  'exif',
  'device',
  'contact',
  'location',
] as const;
export type CollectionSwitch = (typeof COLLECTION_SWITCHES)[number];
export type CollectionSwitches = Record<CollectionSwitch, boolean>;

export const NEVER_COLLECTED: readonly CollectionSwitch[] = ['appList', 'sms', 'contact'];

export const COLLECTION_SWITCHES_OFF: Readonly<CollectionSwitches> = Object.freeze({
  enableTimeSdk: false,
  appList: false,
  sms: false,
  exif: false,
  device: false,
  contact: false,
  location: false,
});
