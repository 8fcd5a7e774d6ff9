// `npm run bench:search-modal`: the benchmarks that need the real site in Chromium, on the e2e suite's config and
// servers (playwright.config.ts), desktop only. They print figures; they are not part of `npm test`.
import {defineConfig} from '@playwright/test';
import base from '../../playwright.config';

export default defineConfig({
  ...base,
  testDir: __dirname,
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/bench-artifacts',
  reporter: 'list',
  timeout: 600_000,
  projects: base.projects!.filter((p) => p.name === 'desktop'),
});
