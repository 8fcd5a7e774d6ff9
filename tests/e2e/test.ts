// The `test` every spec uses: Playwright's, plus a guard that fails any test whose pages report a Content-Security-
// Policy violation (the site is served with its production CSP, deploy/nginx and src/plugins/host.ts). A test that
// provokes violations on purpose says so with `test.use({allowCspViolations: true})` and checks them itself.
import {expect, test as base} from '@playwright/test';

export {expect};

export const test = base.extend<{allowCspViolations: boolean; cspGuard: void}>({
  allowCspViolations: [false, {option: true}],
  cspGuard: [
    async ({context, allowCspViolations}, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__e2eCspViolation', (_source, violation: string) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as {__e2eCspViolation: (v: string) => void}).__e2eCspViolation;
          report(`${event.effectiveDirective} blocked ${event.blockedURI} on ${event.documentURI}: ${event.sample}`);
        });
      });
      await use();
      if (!allowCspViolations) expect(violations, 'securitypolicyviolation events').toEqual([]);
    },
    {auto: true},
  ],
});
