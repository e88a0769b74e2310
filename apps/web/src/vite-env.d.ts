/// <reference types="vite/client" />

/** The web app's version from package.json, set by Vite's `define` (shown in Settings). */
declare const __APP_VERSION__: string;
