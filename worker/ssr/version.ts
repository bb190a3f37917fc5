/** Shown on /LatestVersion; bump it with each release. (The service worker's caches are named by the build.) */
export const APP_VERSION = '0.1.0'
