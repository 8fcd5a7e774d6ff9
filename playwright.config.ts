import {defineConfig, devices} from '@playwright/test';
import {chromiumArgs, chromiumPath} from './scripts/chromium';
// E2E_PORT and E2E_BUILD_DIR let a second checkout run the suite beside this one (builds go to `${dir}` and `${dir}-test`).
const port = Number(process.env.E2E_PORT ?? 3100);
const buildDir = process.env.E2E_BUILD_DIR ?? 'build';

/**
 * Which project runs a test, by tag (tests/README.md): an untagged test runs once, at desktop width; `@both` runs at
 * both widths (its behaviour differs between the layouts); `@mobile` runs only at 390 px.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // A subfolder, so that cleaning it keeps the node:test logs that scripts/test.sh writes to test-results/.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test is a failing test: no retries anywhere (conventions.md).
  retries: 0,
  workers: 2,
  timeout: 30_000,
  // CI machines are 2 busy cores: a lazy chunk (the search modal, the embedded index) can take more than 5 s there.
  expect: {timeout: process.env.CI ? 10_000 : 5_000},
  reporter: [['list'], ['json', {outputFile: 'test-results/e2e.json'}]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Locally a failing test keeps its trace. CI keeps only the console summary, and recording a trace of every test
    // (DOM snapshots at each step) costs CPU that the suite's time limit cannot spare.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // Debian's Chromium (or CHROME_PATH); Playwright's own browser only when neither exists.
    launchOptions: {executablePath: chromiumPath, args: chromiumArgs},
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@mobile\b/,
      use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}},
    },
    {
      name: 'mobile',
      grep: /@both\b|@mobile\b/,
      use: {...devices['Desktop Chrome'], viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true},
    },
  ],
  // The production build, and the test build (deployer settings and fixtures, scripts/test.sh) on the next port, each
  // served by nginx with the production config (deploy/nginx/docs.conf: headers, CSP, compression, 404).
  webServer: [
    {dir: buildDir, port},
    {dir: `${buildDir}-test`, port: port + 1},
  ].map(({dir, port: p}) => ({
    command: `node --import tsx scripts/serve-nginx.ts --dir ${dir} --port ${p} --host 127.0.0.1`,
    // The repository root, also when another config (scripts/bench/) reuses this one.
    cwd: __dirname,
    url: `http://127.0.0.1:${p}/docs/documents/introduct`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    // serve-nginx stops nginx and removes its temporary directory on SIGTERM.
    gracefulShutdown: {signal: 'SIGTERM' as const, timeout: 5_000},
  })),
});
