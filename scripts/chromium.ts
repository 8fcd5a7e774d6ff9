// The system Chromium (Debian's, or CHROME_PATH) and the flags this machine needs, for Playwright and the bench scripts.
import {existsSync} from 'node:fs';

/** CHROME_PATH, else Debian's /usr/bin/chromium; undefined when neither exists (Playwright then uses its own). */
export const chromiumPath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find(
  (p): p is string => !!p && existsSync(p),
);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
