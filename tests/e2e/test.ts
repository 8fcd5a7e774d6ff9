// The `test` every spec uses: Playwright's, plus a guard that fails any test whose pages report a Content-Security-
// Policy violation (the site is served with its production CSP, deploy/nginx and src/plugins/host.ts). A test that
// provokes violations on purpose says so with `test.use({allowCspViolations: true})` and checks `cspViolations` itself.
import {expect, test as base} from '@playwright/test';

export {expect};

/** One `securitypolicyviolation` event as a page reported it. */
export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
  url: string;
}

export const test = base.extend<{
  allowCspViolations: boolean;
  cspViolations: CspViolation[];
  cspGuard: void;
}>({
  allowCspViolations: [false, {option: true}],
  // Every violation any page of the test's context reports, for the life of the context (reloads included).
  cspViolations: [
    async ({context}, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding('__e2eCspViolation', (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as {__e2eCspViolation: (v: CspViolation) => void}).__e2eCspViolation;
          report({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            sample: event.sample,
            url: event.documentURI,
          });
        });
      });
      await use(violations);
    },
    {scope: 'test'},
  ],
  cspGuard: [
    async ({cspViolations, allowCspViolations}, use) => {
      await use();
      if (!allowCspViolations) {
        const reports = cspViolations.map((v) => `${v.directive} blocked ${v.blocked} on ${v.url}: ${v.sample}`);
        expect(reports, 'securitypolicyviolation events').toEqual([]);
      }
    },
    {auto: true},
  ],
});
