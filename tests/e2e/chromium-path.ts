/// <reference types="node" />
/** Where the browser tests find Chromium: `CHROME_PATH`, else the Debian package's binary. */
export const chromiumPath = () => process.env.CHROME_PATH || '/usr/bin/chromium'
