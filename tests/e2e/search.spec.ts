import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {idle, navigate, press, visit} from './helpers';

const DOC = '/docs/documents/introduct';
const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');
const hitLinks = (page: Page) => page.locator('.DocSearch-Hit a');

async function openWithShortcut(page: Page) {
  await visit(page, DOC);
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused();
}

async function searchFor(page: Page, query: string) {
  await openWithShortcut(page);
  await input(page).fill(query);
}

/**
 * Opens the selected hit with Enter and waits until its page is live and the modal gone. Only then does Ctrl+K open
 * the modal again: pressed while the modal is still closing or the route still changing, it is lost or toggles the
 * modal shut.
 */
async function openSelectedHit(page: Page, url: RegExp) {
  await navigate(page, () => input(page).press('Enter'), url);
  await expect(modal(page)).toBeHidden();
}

test.describe('embedded search', () => {
  test('the index loads only when search opens, from this site only', async ({page}) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await visit(page, DOC);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => /search-index/.test(u))).toEqual([]);
    await expect(page.locator('link[rel="preconnect"][href*="algolia"]')).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await input(page).fill('显存');
    await expect(hitLinks(page).first()).toBeVisible();
    // The index's meta file, the shards of the query's terms and the files of the pages shown: never all of it.
    const index = requests.filter((u) => /\/search-index\//.test(u));
    expect(index.filter((u) => u.endsWith('/meta.json'))).toHaveLength(1);
    expect(index.filter((u) => /\/s\d+\.json$/.test(u)).length).toBeGreaterThan(0);
    expect(index.filter((u) => /\/p\d+\.json$/.test(u)).length).toBeLessThanOrEqual(20);
    expect(requests.filter((u) => !u.startsWith('http://localhost'))).toEqual([]);
  });

  test('Ctrl+K opens on the start screen, Escape closes and focus returns to the button', async ({page}) => {
    await openWithShortcut(page);
    await expect(page.locator('.DocSearch-StartScreen')).toHaveText('没有最近搜索');
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await expect(page.locator('.DocSearch-Button')).toBeFocused();
  });

  test('the modal’s styles load with the modal, after the page’s, and our overrides win', async ({page}) => {
    // Style rules of the page's stylesheets that draw the modal (src/plugins/search-styles.ts keeps them out of the
    // stylesheet the first paint waits for).
    const modalRules = () =>
      page.evaluate(
        () =>
          Array.from(document.styleSheets)
            .flatMap((sheet) => Array.from(sheet.cssRules))
            .filter((rule) => rule instanceof CSSStyleRule && rule.selectorText.includes('.DocSearch-Modal')).length,
      );
    await visit(page, DOC);
    expect(await modalRules()).toBe(0);
    await page.keyboard.press('Control+k');
    await expect(input(page)).toBeFocused();
    expect(await modalRules()).toBeGreaterThan(0);
    const container = page.locator('.DocSearch-Container');
    await expect(container).toHaveCSS('position', 'fixed');
    // DocSearch's own rule puts it at the navbar's level; ours (modal.css, loaded after it) one above.
    const navbar = await page.locator('.navbar').evaluate((el) => Number(getComputedStyle(el).zIndex));
    await expect(container).toHaveCSS('z-index', String(navbar + 1));
    await expect(modal(page)).toBeVisible();
  });

  test('slash opens outside text fields, Escape gives focus back; Ctrl+F is left alone', async ({page}) => {
    await visit(page, DOC);
    await page.keyboard.press('Control+f');
    await expect(modal(page)).toBeHidden();
    await page.locator('article h1').click();
    await page.keyboard.press('/');
    await expect(input(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await expect(page.locator('.DocSearch-Button')).toBeFocused();
  });

  test('the query is capped at 64 characters, typed or pasted', async ({page}) => {
    await openWithShortcut(page);
    await expect(input(page)).toHaveAttribute('maxlength', '64');
    await input(page).pressSequentially('显'.repeat(70));
    await expect(input(page)).toHaveValue('显'.repeat(64));
    await input(page).fill('');
    await page.evaluate(() => {
      const el = document.querySelector<HTMLInputElement>('.DocSearch-Input')!;
      el.focus();
      document.execCommand('insertText', false, 'a'.repeat(100));
    });
    await expect(input(page)).toHaveValue('a'.repeat(64));
  });

  test('the current text selection becomes the initial query, cut to 64 characters', async ({page}) => {
    await visit(page, DOC);
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.id = 'selection-probe';
      p.textContent = '微调'.repeat(40);
      document.querySelector('article')!.prepend(p);
      const range = document.createRange();
      range.selectNodeContents(p);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
    });
    await page.keyboard.press('Control+k');
    await expect(input(page)).toHaveValue('微调'.repeat(32));
  });

  // Typical queries and the ones issue #19 quoted as missing: the page that answers each is the first or second page
  // the modal shows (the whole query set is measured by tests/unit/search-relevance.test.ts and bench:search).
  test('each query shows the page that answers it first or second', async ({page}) => {
    await openWithShortcut(page);
    const misses: string[] = [];
    for (const [query, expected] of [
      ['显存不足', /\/problems\/outofmemory$/],
      ['SFTP 上传', /\/(dataProcessing\/SFTPupload|problems\/sftp)$/],
      ['dataset_info.json', /\/(dataProcessing\/datasetConfig|dataset|format)$/],
      ['代金券', /\/recharge\/gift_token$/],
      ['torch.OutOfMemoryError: CUDA out of memory.', /\/problems\/outofmemory$/],
      ['免费试用', /\/quickstart\/freetrialguide$/],
      ['创建实例', /\/(guide\/shili\/instance|quickstart\/start)$/],
      ['loss 曲线', /\/guide\/Train\/mintor$/],
      ['GPU 型号', /\/guide\/shili\/%7Bproduct%7D$|\/guide\/shili\/\{product\}$/],
      ['nvidia-smi 查看显卡', /\/problems\/viewGpuStatus$/],
      ['lora_rnak', /\/guide\/Train\/parameter$/],
    ] as const) {
      // An empty query empties the list, so the hits read next are this query's.
      await input(page).fill('');
      await expect(hitLinks(page)).toHaveCount(0);
      await input(page).fill(query);
      await expect(hitLinks(page).first()).toBeVisible();
      const pages = await hitLinks(page).evaluateAll((as) => [
        ...new Set(as.map((a) => (a.getAttribute('href') ?? '').split('#')[0]!)),
      ]);
      if (!pages.slice(0, 2).some((p) => expected.test(p))) misses.push(`${query}: ${pages.slice(0, 3).join(' ')}`);
    }
    await expect(page.locator('.DocSearch-Hit mark').first()).toBeVisible();
    expect(misses).toEqual([]);
  });

  test('the search page names each result’s page, not only its section', async ({page}) => {
    await page.goto('/search?q=' + encodeURIComponent('显存不足 原因'));
    const titles = page.locator('article h2 a');
    await expect(titles.first()).toBeVisible();
    const texts = await titles.allTextContents();
    expect(
      texts.some((t) => /^显存不足（CUDA out of memory） › /.test(t)),
      texts.join(' | '),
    ).toBe(true);
    expect(texts.filter((t) => /^(现象|原因|解决方法)$/.test(t))).toEqual([]);
  });

  test('Enter opens the hit at its anchor and saves it as a recent search', {tag: '@both'}, async ({page}) => {
    await searchFor(page, '显存不足');
    const first = hitLinks(page).first();
    await expect(first).toBeVisible();
    const href = (await first.getAttribute('href'))!;
    await openSelectedHit(page, new RegExp(`${href.split('#')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Hit-source', {hasText: '最近搜索'})).toBeVisible();
    await expect(page.locator('.DocSearch-Hit')).toHaveCount(1);
  });

  test('a recent search can be made a favorite and removed', async ({page}) => {
    await searchFor(page, '代金券');
    await expect(hitLinks(page).first()).toBeVisible();
    await openSelectedHit(page, /gift_token/);
    await page.keyboard.press('Control+k');
    await press(page.getByTitle('收藏这个搜索').first());
    await expect(page.locator('.DocSearch-Hit-source', {hasText: '收藏'})).toBeVisible();
    await expect(page.locator('.DocSearch-Hit-source', {hasText: '最近搜索'})).toBeHidden();
    await press(page.getByTitle('从收藏列表中删除这个搜索').first());
    await expect(page.locator('.DocSearch-Hit')).toHaveCount(0);
    await expect(page.locator('.DocSearch-StartScreen')).toHaveText('没有最近搜索');
  });

  test('no results shows the Chinese empty screen', async ({page}) => {
    await searchFor(page, 'zqxjkvbn');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('没有找到相关结果');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('zqxjkvbn');
  });

  test('an index that cannot be fetched shows the error screen', async ({page}) => {
    await page.route(/\/search-index\//, (route) => route.abort());
    await searchFor(page, '显存');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('无法获取结果');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('你可能需要检查网络连接。');
    await expect(page.locator('.DocSearch-NoResults')).toBeHidden();
    // The next keystroke tries again, and results appear once the index can be fetched.
    await page.unroute(/\/search-index\//);
    await input(page).fill('显存不足');
    await expect(hitLinks(page).first()).toBeVisible();
    await expect(page.locator('.DocSearch-ErrorScreen')).toBeHidden();
  });

  test('a search that waits more than 300 ms shows the stalled state, then the results', async ({page}) => {
    // The modal's timers run on Playwright's clock, paused while the threshold is checked, so 300 ms is checked to
    // the millisecond however busy the machine is; the index files are held back until then.
    await page.clock.install();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/search-index\//, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await openWithShortcut(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const container = page.locator('.DocSearch-Container');
    await input(page).fill('显存不足');
    await page.clock.runFor(299);
    await expect(container).not.toHaveClass(/DocSearch-Container--Stalled/);
    await page.clock.runFor(1);
    await expect(container).toHaveClass(/DocSearch-Container--Stalled/);
    await expect(page.locator('.DocSearch-LoadingIndicator')).toBeVisible();

    release();
    await page.clock.resume();
    await expect(hitLinks(page).first()).toBeVisible();
    await expect(container).not.toHaveClass(/DocSearch-Container--Stalled/);
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });

  test('hostile queries stay text', async ({page}) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await searchFor(page, '<img src=x onerror=alert(1)>');
    await expect(page.locator('.DocSearch-Dropdown')).toBeVisible();
    await input(page).fill('.*(a|b)[c-');
    await expect(page.locator('.DocSearch-Dropdown')).toBeVisible();
    await expect(page.locator('.DocSearch-Dropdown img')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test('the footer links to the search page, which opens results at their anchor', {tag: '@both'}, async ({page}) => {
    await searchFor(page, 'SFTP');
    const seeAll = page.getByRole('link', {name: /查看全部 \d+ 个结果/});
    await expect(seeAll).toBeVisible();
    await navigate(page, () => press(seeAll), /\/search\?q=SFTP/);
    await expect(page.locator('h1')).toContainText('SFTP');
    const results = page.locator('article h2 a:not(.hash-link)');
    await expect(results.first()).toBeVisible();
    const href = (await results.first().getAttribute('href'))!;
    // Click the result just read, even if the list re-renders in between.
    await navigate(
      page,
      () => press(page.locator(`article h2 a[href=${JSON.stringify(href)}]`).first()),
      new RegExp(href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'),
    );
  });
});

// Chinese arrives through an input method: the reader composes pinyin (x, xi, xian, xian'c, xian'cun) and picks 显存.
// Chromium's DevTools protocol drives a real composition (Input.imeSetComposition, then Input.insertText to commit).
test.describe('typing through an input method', () => {
  const PINYIN = ['x', 'xi', 'xia', 'xian', "xian'c", "xian'cu", "xian'cun"];

  /**
   * Composes each pinyin step in the focused field and returns what the reader would have seen and caused meanwhile:
   * the index requests of a query (shards and page files), and every change to `watched` (recorded in the page).
   */
  async function compose(page: Page, watched: string) {
    const cdp = await page.context().newCDPSession(page);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (/\/search-index\/.*\/[sp]\d+\.json$/.test(r.url())) requests.push(r.url());
    });
    await page.evaluate((selector) => {
      const changes: string[] = ((window as unknown as {changes: string[]}).changes = []);
      const target = document.querySelector(selector)!;
      new MutationObserver(() => changes.push(target.textContent ?? '')).observe(target, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    }, watched);
    for (const text of PINYIN) {
      await cdp.send('Input.imeSetComposition', {text, selectionStart: text.length, selectionEnd: text.length});
    }
    // Space, the arrows and Enter move through and pick candidates: the IME keeps them (no text), the page gets
    // their keydown marked as composing, which must not open, move or submit anything.
    for (const [key, code] of [
      [' ', 32],
      ['ArrowDown', 40],
      ['Enter', 13],
    ] as const) {
      await cdp.send('Input.dispatchKeyEvent', {type: 'rawKeyDown', key, windowsVirtualKeyCode: code});
      await cdp.send('Input.dispatchKeyEvent', {type: 'keyUp', key, windowsVirtualKeyCode: code});
    }
    // Any search the letters had started would have fetched and drawn by now.
    await idle(page, 3);
    const during = {
      requests: [...requests],
      changes: await page.evaluate(() => (window as unknown as {changes: string[]}).changes),
    };
    return {during, commit: (text: string) => cdp.send('Input.insertText', {text}), requests};
  }

  test('the modal searches once the composition ends, and Enter picks the candidate, not a hit', async ({page}) => {
    await openWithShortcut(page);
    await expect(page.locator('.DocSearch-StartScreen')).toHaveText('没有最近搜索');
    const {during, commit, requests} = await compose(page, '.DocSearch-Modal');
    expect(during).toEqual({requests: [], changes: []});
    await expect(input(page)).toHaveValue("xian'cun");
    await expect(page.locator('.DocSearch-StartScreen')).toHaveText('没有最近搜索');

    await commit('显存');
    await expect(input(page)).toHaveValue('显存');
    await expect(hitLinks(page).first()).toBeVisible();
    expect(requests.length).toBeGreaterThan(0);
    await expect(page.locator('.DocSearch-NoResults')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${DOC}$`));
    await expect(modal(page)).toBeVisible();

    // The committed text is capped like typed text.
    await input(page).fill('');
    await expect(page.locator('.DocSearch-StartScreen')).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', {text: 'xian', selectionStart: 4, selectionEnd: 4});
    await cdp.send('Input.insertText', {text: '显存'.repeat(40)});
    await expect(input(page)).toHaveValue('显存'.repeat(32));
    await expect(hitLinks(page).first()).toBeVisible();
  });

  test('the search page keeps its address and screen until the composition ends', async ({page}) => {
    await navigate(page, '/search');
    const results = page.locator('article h2 a:not(.hash-link)');
    const field = page.locator('input[type="search"][name="q"]');
    await field.focus();
    const {during, commit} = await compose(page, '#__docusaurus_skipToContent_fallback');
    expect(during).toEqual({requests: [], changes: []});
    await expect(page).toHaveURL(/\/search$/);

    await commit('显存');
    await expect(page).toHaveURL(/\/search\?q=%E6%98%BE%E5%AD%98$/);
    await expect(results.first()).toBeVisible();
    await expect(field).toHaveValue('显存');
  });
});
