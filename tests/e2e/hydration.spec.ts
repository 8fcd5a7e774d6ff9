// Issue #28: on a phone, what the server rendered is not rendered again when the page hydrates. The stock theme drops
// the desktop sidebar (90-odd items) and the desktop table of contents as soon as it learns the window's width, and
// draws the mobile menu in the same synchronous render; here both stay (the stylesheet hides them below 997 px, as it
// does before hydration: src/theme/DocSidebar, src/theme/DocItem/Layout) and the menu is drawn in a transition
// (src/theme/Navbar/MobileSidebar). Code blocks have their own test (code-blocks.spec.ts).
import {expect, test} from './test';
import {idle, press, recordRemovals, visit} from './helpers';

const PAGE = '/docs/documents/guide/Train/parameter';
/**
 * What must not be thrown away: the sidebar's menu and its items, either table of contents and its links, and the
 * article's blocks. (Docusaurus itself swaps a few elements after hydration, on every width: a sidebar category's
 * link, which loses its server-only href, and the themed logo's image for the other colour mode.)
 */
const KEPT =
  '.theme-doc-sidebar-menu, .menu__list-item, .theme-doc-toc-desktop, .theme-doc-toc-mobile, .table-of-contents__link, .theme-doc-markdown > *';

test(
  'on a phone, hydration keeps the sidebar, the tables of contents and the article',
  {tag: '@mobile'},
  async ({page}) => {
    const removed = await recordRemovals(page, KEPT);
    await visit(page, PAGE);
    // Whatever the page does after hydration (effects, the menu's transition, idle work) has run before counting.
    await idle(page);
    expect(await removed()).toEqual([]);
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeHidden();
    await expect(page.locator('.theme-doc-toc-desktop')).toBeHidden();
    // The menu is ready before the first tap, and opens on the docs sidebar, whose links lead to their pages.
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeAttached();
    await press(page.getByRole('button', {name: '打开或关闭导航菜单'}));
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', {name: '控制台概览'}).first()).toBeVisible();
  },
);
