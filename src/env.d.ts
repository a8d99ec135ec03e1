/** Globals the build defines (vite.config.ts), and the service worker's virtual modules. */
/// <reference types="vite-plugin-pwa/vanillajs" />

/** The id of the build this page came from (vite.config.ts; compared with version.json). */
declare const __SQUIGGLY_BUILD_ID__: string;
