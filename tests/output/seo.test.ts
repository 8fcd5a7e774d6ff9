// Search engines and sharing, read from the production build: every sitemap page's <head> (canonical URL,
// description, Open Graph), the not-found page, robots.txt, the web manifest and the icons.
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {siteUrl} from '../../src/settings';
import {buildDir, builtFile, builtText, headTags, sitemapPaths} from './output';

const paths = sitemapPaths();
type Attributes = Record<string, string>;
const content = (meta: Attributes[], key: 'name' | 'property', value: string) =>
  meta.filter((m) => m[key] === value).map((m) => m.content ?? '');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: Buffer): {width: number; height: number} {
  assert.equal(data.subarray(1, 4).toString('latin1'), 'PNG');
  return {width: data.readUInt32BE(16), height: data.readUInt32BE(20)};
}

/** A root-relative URL of the site as a file of the build. */
const fileOf = (url: string) => builtFile(new URL(url, siteUrl).pathname);

test('every sitemap page has its canonical URL, a description, Open Graph tags, the manifest and icons', () => {
  assert.ok(paths.length > 90, `${paths.length} pages in the sitemap`);
  const images = new Set<string>();
  for (const path of paths) {
    const {meta, link} = headTags(builtText(path));
    const canonical = link.filter((l) => l.rel === 'canonical').map((l) => l.href);
    assert.equal(canonical.length, 1, path);
    assert.equal(new URL(canonical[0]!).href, new URL(path, siteUrl).href, path);

    const description = content(meta, 'name', 'description');
    assert.equal(description.length, 1, path);
    assert.ok(description[0]!.trim().length >= 20, `${path}: description too short`);

    const ogTitle = content(meta, 'property', 'og:title');
    assert.equal(ogTitle.length, 1, path);
    assert.notEqual(ogTitle[0]!.trim(), '', path);
    assert.deepEqual(content(meta, 'property', 'og:url'), [canonical[0]], path);
    assert.deepEqual(content(meta, 'property', 'og:locale'), ['zh_CN'], path);
    const ogImage = content(meta, 'property', 'og:image');
    assert.equal(ogImage.length, 1, path);
    assert.ok(ogImage[0]!.startsWith(`${siteUrl}/`), path);
    assert.deepEqual(content(meta, 'name', 'twitter:image'), ogImage, path);
    images.add(ogImage[0]!);

    assert.deepEqual(
      link.filter((l) => l.rel === 'manifest').map((l) => l.href),
      ['/manifest.webmanifest'],
      path,
    );
    assert.equal(content(meta, 'name', 'theme-color').length, 1, path);
    const icons = link.filter((l) => /^(icon|apple-touch-icon)$/.test(l.rel ?? ''));
    assert.ok(icons.filter((l) => l.rel === 'icon').length >= 2, path);
    assert.equal(icons.filter((l) => l.rel === 'apple-touch-icon').length, 1, path);
    for (const icon of icons) assert.ok(readFileSync(fileOf(icon.href!)).length > 100, `${path}: ${icon.href}`);
  }
  // The sharing card: one image for the site, 1200×630, small enough for every crawler.
  assert.equal(images.size, 1);
  const png = readFileSync(fileOf([...images][0]!));
  assert.deepEqual(pngSize(png), {width: 1200, height: 630});
  assert.ok(png.length < 100 * 1024, `og image is ${png.length} bytes`);
});

test('the not-found page has a description and is kept out of the sitemap', () => {
  const {meta} = headTags(readFileSync(join(buildDir, '404.html'), 'utf8'));
  assert.ok(content(meta, 'name', 'description')[0]?.trim());
  assert.equal(
    paths.some((p) => p.includes('404')),
    false,
  );
});

test('robots.txt allows everything and names the sitemap by its absolute URL', () => {
  const robots = readFileSync(join(buildDir, 'robots.txt'), 'utf8');
  assert.match(robots, /^User-agent: \*$/m);
  assert.match(robots, /^Allow: \/$/m);
  assert.doesNotMatch(robots, /^Disallow: *\/\S*/m);
  assert.match(robots, new RegExp(`^Sitemap: ${siteUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/sitemap\\.xml$`, 'm'));
  assert.ok(existsSync(join(buildDir, 'sitemap.xml')));
});

test('the web manifest is valid and its icons are there at their sizes', () => {
  const manifest = JSON.parse(readFileSync(join(buildDir, 'manifest.webmanifest'), 'utf8')) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: {src: string; sizes: string; type: string}[];
  };
  assert.match(manifest.name, /文档/);
  assert.match(manifest.short_name, /文档/);
  assert.equal(manifest.start_url, '/docs/documents/introduct');
  assert.ok(existsSync(builtFile(manifest.start_url)));
  assert.equal(manifest.display, 'standalone');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
  const pngs = manifest.icons.filter((i) => i.type === 'image/png');
  assert.deepEqual(pngs.map((i) => i.sizes).sort(), ['192x192', '512x512']);
  for (const icon of manifest.icons) {
    const data = readFileSync(fileOf(icon.src));
    if (icon.type !== 'image/png') continue;
    const [width, height] = icon.sizes.split('x').map(Number);
    assert.deepEqual(pngSize(data), {width, height}, icon.src);
  }
});
