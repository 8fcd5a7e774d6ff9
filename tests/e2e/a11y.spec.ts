// Accessibility by keyboard: the paths that the other specs do not already cover (skip link target, sidebar
// categories, colour-mode toggle). axe on every page is in pages.spec.ts.
import {type Locator, type Page} from '@playwright/test';
import {expect, test} from './test';
import {isMobile, visit} from './helpers';

const DOC = '/docs/documents/introduct';

/** Presses Tab until `target` has focus, as a keyboard user would reach it; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  await expect(target, `not reached in ${limit} Tab presses`).toBeFocused();
}

/** On a phone the navbar items and the sidebar live in the menu, which the keyboard opens first. */
async function openMenuIfMobile(page: Page): Promise<void> {
  if (!isMobile(page)) return;
  const menu = page.getByRole('button', {name: '打开或关闭导航菜单'});
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
}

// Ctrl+K and `/` opening search are in the search spec.
test.describe('keyboard', () => {
  test('the skip link is the first focus stop and moves focus past the navbar into the main content', async ({
    page,
  }) => {
    await visit(page, DOC);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: '跳到主要内容'});
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute('href', '#__docusaurus_skipToContent_fallback');
    await page.keyboard.press('Enter');
    // The next Tab starts from the main content (the breadcrumbs), not from the navbar.
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
    await expect(page.locator('nav.navbar :focus')).toHaveCount(0);
  });

  test(
    'Tab reaches a sidebar category; Enter expands it and Enter again collapses it',
    {tag: '@both'},
    async ({page}) => {
      await visit(page, DOC);
      await openMenuIfMobile(page);
      const category = page.getByRole('button', {name: '模型训练', exact: true});
      const child = category.locator('xpath=ancestor::li[1]').getByRole('link', {name: '训练参数详解'});
      await expect(category).toHaveAttribute('aria-expanded', 'false');
      await tabTo(page, category);
      await page.keyboard.press('Enter');
      await expect(category).toHaveAttribute('aria-expanded', 'true');
      await expect(child).toBeVisible();
      await expect(category).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(category).toHaveAttribute('aria-expanded', 'false');
      await expect(child).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${DOC}$`));
    },
  );

  test('the colour mode toggle switches with Enter and with Space and keeps focus', {tag: '@both'}, async ({page}) => {
    await visit(page, DOC);
    await openMenuIfMobile(page);
    const toggle = page.locator('button[title*="模式"]:visible').first();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(toggle).toBeFocused();
  });
});
