// `npm run og-image`: renders the sharing card (static/img/og-image.png, 1200×630) and the PNG/ICO icons
// (favicon.ico, apple-touch-icon, the web manifest's 192 and 512 icons) from static/img/favicon.svg with headless
// Chromium. The outputs are committed; run this again after changing the logo, the product name or the tagline.
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {chromium, type Page} from '@playwright/test';
import config from '../docusaurus.config';
import {productName, siteUrl} from '../src/settings';
import {chromiumArgs, chromiumPath} from './chromium';

const root = join(import.meta.dirname, '..');
const img = join(root, 'static/img');

const logo = readFileSync(join(img, 'favicon.svg'), 'utf8');
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tagline broken after its Chinese commas, so that no line ends mid-word. */
const tagline = escape(config.tagline)
  .split(/(?<=，)/)
  .map((line) => `<div>${line}</div>`)
  .join('');

/** Flat colours only: gradients make the PNG several times larger. */
const card = `<!doctype html>
<html lang="zh-Hans"><head><meta charset="utf-8"><style>
  html, body { margin: 0; }
  body {
    width: 1200px; height: 630px; box-sizing: border-box; padding: 84px 96px;
    display: flex; flex-direction: column; justify-content: space-between;
    background: #1d5fd6; color: #fff;
    font-family: 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif;
  }
  .brand { display: flex; align-items: center; gap: 28px; }
  .brand svg { width: 104px; height: 104px; border-radius: 24px; box-shadow: 0 0 0 4px rgb(255 255 255 / 35%); }
  .name { font-size: 68px; font-weight: 700; letter-spacing: -0.5px; line-height: 1.1; }
  .kind { font-size: 34px; font-weight: 500; opacity: .85; margin-top: 6px; }
  .tagline { font-size: 58px; font-weight: 700; line-height: 1.35; max-width: 1000px; }
  .foot { display: flex; justify-content: space-between; align-items: flex-end; font-size: 28px; opacity: .85; }
  .bar { width: 120px; height: 10px; background: #fff; border-radius: 5px; margin-bottom: 28px; }
</style></head><body>
  <div class="brand">${logo}<div><div class="name">${escape(productName)}</div><div class="kind">使用文档</div></div></div>
  <div><div class="bar"></div><div class="tagline">${tagline}</div></div>
  <div class="foot"><span>数据准备 · 模型训练 · 评估导出 · 模型对话</span><span>${escape(new URL(siteUrl).host)}</span></div>
</body></html>`;

async function shot(page: Page, html: string, width: number, height: number): Promise<Buffer> {
  await page.setViewportSize({width, height});
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  return page.screenshot({type: 'png', clip: {x: 0, y: 0, width, height}, omitBackground: true});
}

/**
 * The logo alone, filling the square. `square` drops its rounded corners, for the icons that the platform masks itself
 * (iOS fills transparent corners with black; Android crops maskable icons).
 */
function icon(size: number, square = false): string {
  const svg = square ? logo.replace(/ rx="\d+"/, '') : logo;
  return `<!doctype html><html><head><style>html,body{margin:0;background:transparent}
    svg{display:block;width:${size}px;height:${size}px}</style></head><body>${svg}</body></html>`;
}

/** A one-image .ico holding a PNG (supported by every browser that asks for /favicon.ico). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6); // width (0 means 256)
  header.writeUInt8(size % 256, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}

async function main() {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({deviceScaleFactor: 1});
    const outputs: [string, Buffer][] = [
      ['static/img/og-image.png', await shot(page, card, 1200, 630)],
      ['static/img/icon-192.png', await shot(page, icon(192), 192, 192)],
      ['static/img/icon-512.png', await shot(page, icon(512), 512, 512)],
      ['static/img/apple-touch-icon.png', await shot(page, icon(180, true), 180, 180)],
      ['static/favicon.ico', ico(await shot(page, icon(32), 32, 32), 32)],
    ];
    for (const [path, data] of outputs) {
      writeFileSync(join(root, path), data);
      console.log(`${path.padEnd(32)} ${(data.length / 1024).toFixed(1).padStart(6)} KiB`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
