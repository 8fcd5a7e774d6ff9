// Image zoom: doc images open large by click or keyboard and close by Escape or click; the code loads only where needed.
import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {navigate, press, visit} from './helpers';

const WITH_IMAGE = '/docs/documents/guide/Train/mintor';
const opened = '.medium-zoom-image--opened';

/** Waits until the zoomed image is shown and its opening animation has finished (medium-zoom ignores input until then). */
async function zoomedIn(page: Page) {
  await expect(page.locator(opened)).toBeVisible();
  await page.waitForFunction((sel) => document.querySelector(sel)?.getAnimations().length === 0, opened);
}

/** Records whether any script the page fetched contains the zoom code. */
function watchZoomCode(page: Page): () => boolean {
  let loaded = false;
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('medium-zoom-overlay')) loaded = true;
  });
  return () => loaded;
}

test('clicking an image opens it large; Escape and a click close it', {tag: '@both'}, async ({page}) => {
  await visit(page, WITH_IMAGE);
  const image = page.getByRole('button', {name: /^放大图片：损失曲线对比/});
  await image.scrollIntoViewIfNeeded();
  const inline = await image.boundingBox();
  await press(image);
  await zoomedIn(page);
  const zoomed = await page.locator(opened).boundingBox();
  // The overlay hides the page behind the figure (Infima's light background colour is transparent).
  await expect(page.locator('.medium-zoom-overlay')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  expect(zoomed!.width).toBeGreaterThan(inline!.width);
  await page.keyboard.press('Escape');
  await expect(page.locator(opened)).toHaveCount(0);

  await press(image);
  await zoomedIn(page);
  await page.locator('.medium-zoom-overlay').click({position: {x: 5, y: 5}});
  await expect(page.locator(opened)).toHaveCount(0);
});

test('the keyboard opens an image with Enter and Escape closes it, returning focus', async ({page}) => {
  await visit(page, WITH_IMAGE);
  const image = page.getByRole('button', {name: /^放大图片：损失曲线对比/});
  await image.focus();
  await page.keyboard.press('Enter');
  await zoomedIn(page);
  await page.keyboard.press('Escape');
  await expect(page.locator(opened)).toHaveCount(0);
  await expect(image).toBeFocused();
  await page.keyboard.press(' ');
  await expect(page.locator(opened)).toBeVisible();
});

test('the zoom code loads only when a reader first opens an image', async ({page}) => {
  const zoomCodeLoaded = watchZoomCode(page);
  await visit(page, '/docs/documents/introduct');
  await page.waitForLoadState('networkidle');
  expect(zoomCodeLoaded()).toBe(false);
  await visit(page, WITH_IMAGE);
  const image = page.getByRole('button', {name: /^放大图片：损失曲线对比/});
  await expect(image).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(zoomCodeLoaded(), 'zoom code fetched before any image was opened').toBe(false);
  await press(image);
  await zoomedIn(page);
  expect(zoomCodeLoaded()).toBe(true);
});

test("after client-side navigation the new page's images zoom", async ({page}) => {
  await visit(page, WITH_IMAGE);
  await press(page.getByRole('button', {name: /^放大图片：损失曲线对比/}));
  await zoomedIn(page);
  await page.keyboard.press('Escape');
  await expect(page.locator(opened)).toHaveCount(0);
  // The LoRA figure is on the parameter page, reached by a link in the text, without a reload.
  await navigate(
    page,
    () => press(page.locator('.theme-doc-markdown a[href$="/guide/Train/parameter"]').last()),
    /\/guide\/Train\/parameter$/,
  );
  const lora = page.getByRole('button', {name: /^放大图片：/}).first();
  await lora.scrollIntoViewIfNeeded();
  await press(lora);
  await zoomedIn(page);
  await page.keyboard.press('Escape');
  await expect(page.locator(opened)).toHaveCount(0);
});
