// Search engines and sharing: every sitemap page's <head> (canonical URL, description, Open Graph), robots.txt, the
// web manifest and the icons. The heads are read from the built HTML files (no browser needed); files over HTTP.
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';
import {siteUrl} from '../../src/settings';
import {sitemapPaths} from './helpers';

const buildDir = join(process.cwd(), process.env.E2E_BUILD_DIR ?? 'build');
const paths = sitemapPaths();

type Attributes = Record<string, string>;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (entity, code: string) => {
    const named: Record<string, string> = {amp: '&', quot: '"', lt: '<', gt: '>', apos: "'"};
    if (code[0] !== '#') return named[code.toLowerCase()] ?? entity;
    return String.fromCodePoint(code[1] === 'x' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
  });
}

/** The <meta> and <link> tags of a built page's <head>, as attribute maps (the HTML is minified: values may be bare). */
function headTags(html: string): {meta: Attributes[]; link: Attributes[]} {
  const head = html.slice(0, html.indexOf('</head>'));
  const parse = (name: string) =>
    [...head.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attrs]) =>
      Object.fromEntries(
        [...attrs!.matchAll(/([^\s=/]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)].map(([, key, value = '']) => [
          key!.toLowerCase(),
          decodeEntities(value.replace(/^(["'])(.*)\1$/s, '$2').replace(/\/$/, '')),
        ]),
      ),
    );
  return {meta: parse('meta'), link: parse('link')};
}

function builtHtml(path: string): string {
  const decoded = decodeURIComponent(path);
  const file = [join(buildDir, decoded, 'index.html'), join(buildDir, `${decoded}.html`)].find((f) => existsSync(f));
  if (!file) throw new Error(`no built HTML for ${path}`);
  return readFileSync(file, 'utf8');
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: Buffer): {width: number; height: number} {
  expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
  return {width: data.readUInt32BE(16), height: data.readUInt32BE(20)};
}

const content = (meta: Attributes[], key: 'name' | 'property', value: string) =>
  meta.filter((m) => m[key] === value).map((m) => m.content ?? '');

test.describe('SEO and sharing', () => {
  test.skip(({viewport}) => (viewport?.width ?? 1280) < 997, 'files and heads, not layout: once is enough');

  test('every sitemap page has its canonical URL, a description and Open Graph tags', () => {
    expect(paths.length).toBeGreaterThan(90);
    const images = new Set<string>();
    for (const path of paths) {
      const {meta, link} = headTags(builtHtml(path));
      const canonical = link.filter((l) => l.rel === 'canonical').map((l) => l.href);
      expect(canonical, path).toHaveLength(1);
      expect(new URL(canonical[0]!).href, path).toBe(new URL(path, siteUrl).href);

      const description = content(meta, 'name', 'description');
      expect(description, path).toHaveLength(1);
      expect(description[0]!.trim().length, path).toBeGreaterThanOrEqual(20);

      const ogTitle = content(meta, 'property', 'og:title');
      expect(ogTitle, path).toHaveLength(1);
      expect(ogTitle[0]!.trim(), path).not.toBe('');
      expect(content(meta, 'property', 'og:url'), path).toEqual([canonical[0]]);
      expect(content(meta, 'property', 'og:locale'), path).toEqual(['zh_CN']);
      const ogImage = content(meta, 'property', 'og:image');
      expect(ogImage, path).toHaveLength(1);
      expect(ogImage[0]!.startsWith(`${siteUrl}/`), path).toBe(true);
      expect(content(meta, 'name', 'twitter:image'), path).toEqual(ogImage);
      images.add(ogImage[0]!);

      expect(
        link.filter((l) => l.rel === 'manifest').map((l) => l.href),
        path,
      ).toEqual(['/manifest.webmanifest']);
      expect(content(meta, 'name', 'theme-color'), path).toHaveLength(1);
      expect(link.filter((l) => l.rel === 'icon').length, path).toBeGreaterThanOrEqual(2);
      expect(
        link.filter((l) => l.rel === 'apple-touch-icon'),
        path,
      ).toHaveLength(1);
    }
    // The sharing card: one image for the site, 1200×630, small enough for every crawler.
    expect([...images]).toHaveLength(1);
    const file = join(buildDir, new URL([...images][0]!).pathname);
    const png = readFileSync(file);
    expect(pngSize(png)).toEqual({width: 1200, height: 630});
    expect(png.length).toBeLessThan(100 * 1024);
  });

  test('the not-found page has a description and is kept out of the sitemap', () => {
    const {meta} = headTags(readFileSync(join(buildDir, '404.html'), 'utf8'));
    expect(content(meta, 'name', 'description')[0]?.trim()).toBeTruthy();
    expect(paths.some((p) => p.includes('404'))).toBe(false);
  });

  test('the head tags are served: og:image, icons and favicon', async ({request}) => {
    const {meta, link} = headTags(await (await request.get('/docs/documents/introduct')).text());
    const urls = [
      ...content(meta, 'property', 'og:image').map((u) => new URL(u).pathname),
      ...link.filter((l) => /^(icon|apple-touch-icon)$/.test(l.rel ?? '')).map((l) => l.href!),
    ];
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toMatch(/^image\//);
      expect((await response.body()).length, url).toBeGreaterThan(100);
    }
  });

  test('robots.txt allows everything and names the sitemap by its absolute URL', async ({request}) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).not.toMatch(/^Disallow: *\/\S*/m);
    expect(robots).toMatch(
      new RegExp(`^Sitemap: ${siteUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/sitemap\\.xml$`, 'm'),
    );
    expect((await request.get('/sitemap.xml')).status()).toBe(200);
  });

  test('the web manifest is valid and its icons are served at their sizes', async ({request}) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: {src: string; sizes: string; type: string}[];
    };
    expect(manifest.name).toMatch(/文档/);
    expect(manifest.short_name).toMatch(/文档/);
    expect(manifest.start_url).toBe('/docs/documents/introduct');
    expect((await request.get(manifest.start_url)).status()).toBe(200);
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes).sort()).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const iconResponse = await request.get(icon.src);
      expect(iconResponse.status(), icon.src).toBe(200);
      if (icon.type !== 'image/png') continue;
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await iconResponse.body()), icon.src).toEqual({width, height});
    }
  });
});
