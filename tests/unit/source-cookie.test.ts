import assert from 'node:assert/strict';
import {test} from 'node:test';
import {appendSource, currentSourceCookie, readSourceCookie} from '../../src/lib/sourceCookie';

test('the source cookie is found among others and decoded', () => {
  assert.equal(readSourceCookie('a=1; source=wechat%20group; b=2'), 'wechat group');
  assert.equal(readSourceCookie('xsource=1; sources=2'), null);
  assert.equal(readSourceCookie('source='), null);
  assert.equal(readSourceCookie(''), null);
  assert.equal(readSourceCookie('source=%E0%A4%A'), '%E0%A4%A', 'a malformed escape is kept, not thrown');
});

test('without a source the link is unchanged', () => {
  assert.equal(appendSource('/docs/documents/introduct', null), '/docs/documents/introduct');
  assert.equal(
    appendSource('https://www.llamafactory.com.cn/overview', ''),
    'https://www.llamafactory.com.cn/overview',
  );
});

test('the source is appended, merged with the query and placed before the hash', () => {
  assert.equal(appendSource('/docs/documents/introduct', 'ad'), '/docs/documents/introduct?source=ad');
  assert.equal(appendSource('https://x.cn/overview?a=1&b=2#top', 'ad'), 'https://x.cn/overview?a=1&b=2&source=ad#top');
  assert.equal(appendSource('/p?source=old&a=1', 'new'), '/p?a=1&source=new');
  assert.equal(
    appendSource('pathname:///docs/documents/introduct', 'ad'),
    'pathname:///docs/documents/introduct?source=ad',
  );
  assert.equal(appendSource('/p#a?b', 'x'), '/p?source=x#a?b');
});

test('hostile values stay inside one encoded query parameter', () => {
  const hostile = [
    `"><script>alert(1)</script>`,
    `' onmouseover='alert(1)`,
    'javascript:alert(1)',
    'a&b=c#d',
    'line1\nline2\r\n',
    '//evil.example/path',
    'x'.repeat(4096),
  ];
  for (const value of hostile) {
    for (const base of ['https://www.llamafactory.com.cn/overview?a=1#h', '/docs/documents/introduct']) {
      const out = appendSource(base, value);
      const url = new URL(out, 'https://docs.llamafactory.com.cn');
      const expectedHost = base.startsWith('https') ? 'www.llamafactory.com.cn' : 'docs.llamafactory.com.cn';
      assert.equal(url.protocol, 'https:');
      assert.equal(url.host, expectedHost);
      assert.equal(url.searchParams.get('source'), value);
      assert.ok(!/[<>"'\s]/.test(out), `raw markup characters leaked: ${out.slice(0, 80)}`);
    }
  }
});

test('one read of document.cookie serves every link until the script yields, then the cookie is read again', async () => {
  let reads = 0;
  let cookie = 'source=ad';
  const global = globalThis as unknown as {document?: unknown};
  const saved = global.document;
  global.document = {
    get cookie() {
      reads++;
      return cookie;
    },
  };
  try {
    assert.deepEqual([currentSourceCookie(), currentSourceCookie(), currentSourceCookie()], ['ad', 'ad', 'ad']);
    assert.equal(reads, 1);
    cookie = 'source=wechat';
    assert.equal(currentSourceCookie(), 'ad', 'the same script sees one value');
    await Promise.resolve();
    assert.equal(currentSourceCookie(), 'wechat', 'a later render sees a changed cookie');
    assert.equal(reads, 2);
  } finally {
    global.document = saved;
  }
});
