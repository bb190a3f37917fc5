/** Shown on /LatestVersion and used as the service worker's cache name; bump it with each release. */
export const APP_VERSION = '0.1.0'
