// Search engines and sharing: writes /robots.txt (naming the sitemap by the deployer's SITE_URL) and the web manifest
// into the production build, and links the manifest, the PNG/ICO icons and the theme colour from every page.
import {writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export interface SeoOptions {
  /** The manifest's short_name, shown under a home-screen icon (keep it within about 12 characters). */
  shortName: string;
  /** Where an installed app opens. */
  startUrl: string;
  /** Browser chrome colour (theme-color) and the manifest's theme_color. */
  themeColor: string;
  /** The manifest's background_color, shown while an installed app starts. */
  backgroundColor: string;
}

export const MANIFEST_PATH = 'manifest.webmanifest';

export function robotsTxt(siteUrl: string, baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/$/, '')}${baseUrl}sitemap.xml\n`;
}

export function webManifest(
  {title, tagline, baseUrl}: {title: string; tagline: string; baseUrl: string},
  options: SeoOptions,
) {
  return {
    name: title,
    short_name: options.shortName,
    description: tagline,
    lang: 'zh-Hans',
    dir: 'ltr',
    start_url: options.startUrl,
    scope: baseUrl,
    display: 'standalone',
    theme_color: options.themeColor,
    background_color: options.backgroundColor,
    icons: [
      {src: `${baseUrl}img/icon-192.png`, sizes: '192x192', type: 'image/png'},
      {src: `${baseUrl}img/icon-512.png`, sizes: '512x512', type: 'image/png'},
      {src: `${baseUrl}img/favicon.svg`, sizes: 'any', type: 'image/svg+xml'},
    ],
  };
}

export default function seoPlugin(context: LoadContext, options: SeoOptions): Plugin {
  const {baseUrl} = context;
  return {
    name: 'seo',
    injectHtmlTags() {
      return {
        headTags: [
          {tagName: 'link', attributes: {rel: 'manifest', href: `${baseUrl}${MANIFEST_PATH}`}},
          {tagName: 'meta', attributes: {name: 'theme-color', content: options.themeColor}},
          // The SVG favicon comes from the `favicon` setting; these serve browsers and platforms that want bitmaps.
          {tagName: 'link', attributes: {rel: 'icon', href: `${baseUrl}favicon.ico`, sizes: '32x32'}},
          {tagName: 'link', attributes: {rel: 'apple-touch-icon', href: `${baseUrl}img/apple-touch-icon.png`}},
        ],
      };
    },
    async postBuild({outDir, siteConfig}) {
      const manifest = webManifest({title: siteConfig.title, tagline: siteConfig.tagline, baseUrl}, options);
      await writeFile(join(outDir, 'robots.txt'), robotsTxt(siteConfig.url, baseUrl));
      await writeFile(join(outDir, MANIFEST_PATH), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
