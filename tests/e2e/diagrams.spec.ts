// Mermaid diagrams in the docs render as SVG, themed for each colour mode.
import {expect, test, type Page} from '@playwright/test';
import {collectErrors, hydrated} from './helpers';

async function diagramStyle(page: Page, theme: 'light' | 'dark', path: string): Promise<string> {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const errors = collectErrors(page);
  await page.goto(path);
  await hydrated(page);
  const svg = page.locator('.docusaurus-mermaid-container svg').first();
  await expect(svg).toBeVisible();
  expect(await svg.locator('g.node, g.nodes > g').count()).toBeGreaterThan(2);
  expect(errors).toEqual([]);
  return svg.evaluate((el) => el.querySelector('style')?.textContent ?? '');
}

for (const path of ['/docs/documents/overview', '/docs/documents/guide/Train/structure']) {
  test(`${path} draws its diagram in light and dark mode`, async ({browser}) => {
    const light = await browser.newPage();
    const dark = await browser.newPage();
    const lightStyle = await diagramStyle(light, 'light', path);
    const darkStyle = await diagramStyle(dark, 'dark', path);
    expect(lightStyle).not.toEqual(darkStyle);
    await light.close();
    await dark.close();
  });
}
