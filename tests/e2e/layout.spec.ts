import {expect, test} from './test';
import {hydrated, press} from './helpers';

const DOC = '/docs/documents/introduct';

test('at 997 px the desktop sidebar is shown and the menu button is not', async ({page}) => {
  await page.setViewportSize({width: 997, height: 800});
  await page.goto(DOC);
  await expect(page.locator('aside.theme-doc-sidebar-container')).toBeVisible();
  await expect(page.getByRole('button', {name: '打开或关闭导航菜单'})).toBeHidden();
});

test('at 995 px the sidebar moves into the mobile menu', async ({page}) => {
  await page.setViewportSize({width: 995, height: 800});
  await page.goto(DOC);
  await expect(page.locator('aside.theme-doc-sidebar-container')).toBeHidden();
  // The menu button works once the page has hydrated (the bundle starts after the first frame, src/ssrTemplate.ts).
  await hydrated(page);
  const toggle = page.getByRole('button', {name: '打开或关闭导航菜单'});
  await expect(toggle).toBeVisible();
  await press(toggle);
  const menu = page.locator('.navbar-sidebar');
  await expect(menu).toBeVisible();
  // The secondary (docs) menu opens on a doc page; the back button leads to the primary menu.
  await expect(menu.getByRole('link', {name: '控制台概览'}).first()).toBeVisible();
  await press(menu.getByRole('button', {name: '← 回到主菜单'}));
  await expect(menu.getByRole('link', {name: /返回控制台/})).toBeVisible();
});

test('the chrome is complete and Chinese', async ({page}) => {
  await page.goto(DOC);
  const navbar = page.locator('nav.navbar');
  await expect(navbar.getByRole('link', {name: /标志/})).toHaveAttribute('href', '/docs/documents/introduct');
  await expect(navbar.locator('.navbar__title')).toHaveText(/文档/);
  const console = navbar.getByRole('link', {name: /控制台/}).last();
  await expect(console).toHaveAttribute('href', /^https:\/\/www\.llamafactory\.com\.cn\//);
  await expect(navbar.getByRole('link', {name: '文档', exact: true})).toBeVisible();
  await expect(navbar.getByRole('button', {name: '简体中文'})).toBeVisible();
  await expect(navbar.getByText(/Next/)).toBeVisible();
  await expect(page.locator('.theme-announcement-bar')).toBeVisible();
  await expect(page.locator('footer .footer__copyright')).toContainText('版权所有');
  await expect(page.locator('footer .footer__links')).toBeVisible();
  await expect(page.getByRole('button', {name: '收起侧边栏'})).toBeVisible();
});
