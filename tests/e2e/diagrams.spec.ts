// Mermaid diagrams in the docs render as SVG, themed for each colour mode.
import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {collectErrors, visit} from './helpers';

async function diagramStyle(page: Page, theme: 'light' | 'dark', path: string): Promise<string> {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const errors = collectErrors(page);
  await visit(page, path);
  // Diagrams are drawn when they come near the viewport (src/theme/Mermaid).
  await page.locator('.docusaurus-mermaid-container, [aria-label="图表加载中"]').first().scrollIntoViewIfNeeded();
  const svg = page.locator('.docusaurus-mermaid-container svg').first();
  await expect(svg).toBeVisible();
  expect(await svg.locator('g.node, g.nodes > g').count()).toBeGreaterThan(2);
  expect(errors).toEqual([]);
  return svg.evaluate((el) => el.querySelector('style')?.textContent ?? '');
}

for (const path of ['/docs/documents/overview', '/docs/documents/guide/Train/structure']) {
  test(`${path} draws its diagram in light and dark mode`, async ({page}) => {
    const lightStyle = await diagramStyle(page, 'light', path);
    // The second init script runs after the first on the next load: the stored mode is then dark.
    const darkStyle = await diagramStyle(page, 'dark', path);
    expect(lightStyle).not.toEqual(darkStyle);
  });
}

test('Mermaid loads only when a diagram comes near the viewport', async ({page}) => {
  // The Mermaid library itself (not the small theme component that loads it), told by its text. Reading a body is
  // asynchronous: a script the page has already run may not be read yet, so each check waits for every read so far.
  const reads: Array<Promise<string | null>> = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    reads.push(
      response.text().then(
        (text) => (text.includes('flowchart-v2') ? response.url() : null),
        () => null,
      ),
    );
  });
  const mermaidScripts = async () => (await Promise.all(reads)).filter((url) => url !== null);
  // The page's diagram sits far below the first screen on both viewports.
  await visit(page, '/docs/documents/best-practice/health');
  await page.waitForLoadState('networkidle');
  const placeholder = page.getByRole('img', {name: '图表加载中'}).first();
  await expect(placeholder).toBeAttached();
  expect(await mermaidScripts()).toEqual([]);
  await placeholder.scrollIntoViewIfNeeded();
  await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
  expect((await mermaidScripts()).length).toBeGreaterThan(0);
});
