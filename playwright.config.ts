import {defineConfig, devices} from '@playwright/test';
import {chromiumArgs, chromiumPath} from './scripts/chromium';
// E2E_PORT and E2E_BUILD_DIR let a second checkout run the suite beside this one (builds go to `${dir}` and `${dir}-algolia`).
const port = Number(process.env.E2E_PORT ?? 3100);
const buildDir = process.env.E2E_BUILD_DIR ?? 'build';

export default defineConfig({
  testDir: 'tests/e2e',
  // A subfolder, so that cleaning it keeps the unit-test log that scripts/test.sh writes to test-results/.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry in CI: a test that passes only on the retry is reported as flaky in the summary, not hidden.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  // CI machines are 2 busy cores: a lazy chunk (the search modal, the embedded index) can take more than 5 s there.
  expect: {timeout: process.env.CI ? 10_000 : 5_000},
  reporter: [['list'], ['json', {outputFile: 'test-results/e2e.json'}]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // Debian's Chromium (or CHROME_PATH); Playwright's own browser only when neither exists.
    launchOptions: {executablePath: chromiumPath, args: chromiumArgs},
  },
  projects: [
    {name: 'desktop', use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}}},
    {
      name: 'mobile',
      use: {...devices['Desktop Chrome'], viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true},
    },
  ],
  // The embedded-index build, and the same site built with (fake) Algolia credentials for the hosted path.
  webServer: [
    {dir: buildDir, port},
    {dir: `${buildDir}-algolia`, port: port + 1},
  ].map(({dir, port: p}) => ({
    command: `npx docusaurus serve --no-open --dir ${dir} --port ${p}`,
    url: `http://localhost:${p}/docs/documents/introduct`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  })),
});
