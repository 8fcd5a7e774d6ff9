// /llms.txt, /llms-full.txt and each page's Markdown at its URL plus `.md`: every page, nothing else.
import {expect, test} from '@playwright/test';
import {sitemapPaths} from './helpers';

const docPaths = sitemapPaths().filter((p) => p.startsWith('/docs/documents/'));

test.describe('llms files', () => {
  test.skip(({viewport}) => (viewport?.width ?? 1280) < 997, 'files, not layout: once is enough');

  test('llms.txt lists every doc page once, and nothing else', async ({request}) => {
    const txt = await (await request.get('/llms.txt')).text();
    expect(txt).toMatch(/^# LlamaFactory Online 文档\n\n> /);
    const listed = [...txt.matchAll(/^- \[([^\]]+)\]\(https?:\/\/[^/]+(\/docs\/documents\/[^)]+)\.md\): (.+)$/gm)];
    const paths = listed.map((m) => decodeURI(m[2]!));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual(docPaths.map((p) => decodeURI(p)).sort());
    for (const m of listed) expect(m[3]!.length, m[1]).toBeGreaterThanOrEqual(20);
    expect(txt).toContain('## 常见问题');
  });

  test('every page has its Markdown at its URL plus .md', async ({request}) => {
    for (const path of docPaths) {
      const response = await request.get(`${path}.md`);
      expect(response.status(), path).toBe(200);
      const md = await response.text();
      expect(md, path).toMatch(/^# \S/);
      expect(md, path).not.toMatch(/^---\ntitle:/);
      const prose = md.replace(/^(`{3,}|~{3,})[\s\S]*?^\1\s*$/gm, '');
      expect(prose, path).not.toMatch(/\{#[a-z0-9-]+\}\s*$/m);
    }
  });

  test('llms-full.txt holds every page once', async ({request}) => {
    const full = await (await request.get('/llms-full.txt')).text();
    const sources = [...full.matchAll(/^来源：https?:\/\/[^/]+(\/docs\/documents\/\S+)$/gm)].map((m) =>
      decodeURI(m[1]!),
    );
    expect(sources.sort()).toEqual(docPaths.map((p) => decodeURI(p)).sort());
  });
});
