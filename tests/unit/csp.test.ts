// The CSP computation of src/host/csp.ts on its own (tests/unit/host-headers.test.ts serves it through nginx).
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {test} from 'node:test';
import {
  algoliaHosts,
  contentSecurityPolicy,
  hashSource,
  inlineScripts,
  nginxPolicySnippet,
  parsePolicy,
  serializePolicy,
  withMetaPolicy,
} from '../../src/host/csp';

test('only inline scripts a browser executes are hashed, byte for byte', () => {
  const html =
    '<script>a()</script><script src=/x.js></script><script type=application/ld+json>{}</script>' +
    '<script type="module">b()</script><script type=application/json id=x>[1]</script><SCRIPT>\n c() </SCRIPT>';
  assert.deepEqual(inlineScripts(html), ['a()', 'b()', '\n c() ']);
  const expected = createHash('sha256').update('中文()', 'utf8').digest('base64');
  assert.equal(hashSource('中文()'), `'sha256-${expected}'`);
});

test('the policy: scripts from self and hashes only; Algolia hosts only in hosted builds', () => {
  const local = parsePolicy(
    serializePolicy(contentSecurityPolicy({scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"]})),
  );
  assert.deepEqual(local.get('script-src'), ["'self'", "'sha256-a'", "'sha256-b'"]);
  assert.deepEqual(local.get('default-src'), ["'none'"]);
  assert.deepEqual(local.get('connect-src'), ["'self'"]);
  assert.deepEqual(local.get('frame-ancestors'), ["'none'"]);
  const hosted = parsePolicy(serializePolicy(contentSecurityPolicy({scriptHashes: [], algoliaAppId: 'APP1'})));
  assert.deepEqual(hosted.get('connect-src'), ["'self'", ...algoliaHosts('app1')]);
  assert.deepEqual(algoliaHosts('APP1'), [
    'https://app1-dsn.algolia.net',
    'https://app1-1.algolianet.com',
    'https://app1-2.algolianet.com',
    'https://app1-3.algolianet.com',
  ]);
  for (const sources of [...local.values(), ...hosted.values()]) {
    assert.ok(!sources.includes("'unsafe-eval'"));
  }
  assert.ok(!local.get('script-src')!.includes("'unsafe-inline'"));
});

test('the meta policy leaves out what browsers ignore in <meta> and comes before every script', () => {
  const policy = contentSecurityPolicy({scriptHashes: ["'sha256-a'"]});
  const meta = serializePolicy(policy, {meta: true});
  assert.ok(!meta.includes('frame-ancestors'));
  const html = '<!DOCTYPE html><html><head><meta charset="UTF-8"><script>x()</script></head><body></body></html>';
  const once = withMetaPolicy(html, meta);
  assert.match(once, /<meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; /);
  assert.equal(withMetaPolicy(once, meta), once, 'applied twice, one policy');
  assert.ok(once.indexOf('Content-Security-Policy') < once.indexOf('<script>'));
});

test('the nginx snippet sets the variable and refuses values it cannot quote', () => {
  assert.equal(
    nginxPolicySnippet("default-src 'none'").split('\n')[1],
    `set $content_security_policy "default-src 'none'";`,
  );
  assert.throws(() => nginxPolicySnippet('default-src "x"'));
  assert.throws(() => nginxPolicySnippet('default-src $x'));
});
