// The `test` every spec uses: Playwright's, plus a guard that fails any test whose pages report a Content-Security-
// Policy violation (the site is served with its production CSP, deploy/nginx and src/plugins/host.ts). A test that
// provokes violations on purpose says so with `test.use({allowCspViolations: true})` and checks `cspViolations` itself.
import {expect, test as base, type BrowserContext} from '@playwright/test';

export {expect};

/** One `securitypolicyviolation` event as a page reported it. */
export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
  url: string;
}

/** Starts recording every `securitypolicyviolation` event the context's pages report; returns the growing list. */
export async function recordCspViolations(context: BrowserContext): Promise<CspViolation[]> {
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
  return violations;
}

/** One line per violation, as the guard reports them. */
export function describeCspViolations(violations: CspViolation[]): string[] {
  return violations.map((v) => `${v.directive} blocked ${v.blocked} on ${v.url}: ${v.sample}`);
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
      await use(await recordCspViolations(context));
    },
    {scope: 'test'},
  ],
  cspGuard: [
    async ({cspViolations, allowCspViolations}, use) => {
      await use();
      if (!allowCspViolations) {
        expect(describeCspViolations(cspViolations), 'securitypolicyviolation events').toEqual([]);
      }
    },
    {auto: true},
  ],
});
