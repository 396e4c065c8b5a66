// The one Chromium every browser tool here uses: Debian's, never a downloaded one, with the
// flags a headless run in a container needs and nothing that reaches past loopback.

/** Path of the Chromium binary (CHROME_PATH overrides). */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Launch flags shared by the test runner and the screenshot script. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
