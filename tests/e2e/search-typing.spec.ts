// Issue #35: every character a reader types reaches the search box, from the first moment the page shows.
// - Typed fast (0–30 ms a key) right after the modal is asked for, without waiting for the box: each key arrives, on
//   the first (cold: modal code and index not loaded yet) and a later (warm) opening, by button, Ctrl+K and `/`, with
//   the embedded index and on the hosted-Algolia path, and on /search. Before the fix, 11 of 15 words lost a key at
//   30 ms (src/theme/SearchBar/ModalScreen.tsx says why).
// - Chinese committed by an input method right after another commit keeps both.
// - A shortcut, a click or Enter on the button before the page is live (the site bundle held back) opens the modal
//   once the page is live, with focus in the box and the keys typed meanwhile in it (src/search/client/earlyIntent.ts).
import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {TEST_BUILD_URL, navigate, visit} from './helpers';

const DOC = '/docs/documents/introduct';
const input = (page: Page) => page.locator('.DocSearch-Input');
const modal = (page: Page) => page.locator('.DocSearch-Modal');

type Opener = 'button' | 'Control+k' | '/';
const OPENERS: Opener[] = ['button', 'Control+k', '/'];
/** Words of the kind readers type, each with the key delay it is typed at (a text expander sends 0 ms). */
const WORDS: Array<[string, number]> = [
  ['lora_rank', 0],
  ['deepspeed', 15],
  ['cutoff_len', 30],
  ['learning_rate', 25],
];

/** Asks for the modal the way a reader does and returns at once: the keys that follow do not wait for the box. */
async function ask(page: Page, opener: Opener): Promise<void> {
  if (opener === 'button') return page.locator('.DocSearch-Button').click();
  // `/` is typed into the page, not on a button (DocSearch leaves it to a focused button, such as its own after a
  // close): the reader clicks the article first.
  if (opener === '/') await page.locator('article h1').click();
  return page.keyboard.press(opener);
}

/** Closes the modal and waits until it is gone, so the next opening starts from the closed state. */
async function close(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(modal(page)).toBeHidden();
}

test.describe('typing fast right after opening', () => {
  for (const opener of OPENERS) {
    test(`opened by ${opener}: every key arrives, cold and warm`, {tag: '@both'}, async ({page}) => {
      await visit(page, DOC);
      // Cold: the first opening of the page loads the modal's code and the index while the keys arrive.
      for (const [word, delay] of WORDS.slice(0, 2)) {
        await ask(page, opener);
        await page.keyboard.type(word, {delay});
        await expect(input(page)).toHaveValue(word);
        await expect(input(page)).toBeFocused();
        await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible();
        await expect(input(page)).toHaveValue(word);
        await close(page);
      }
      // Warm: a later opening on the same page, and a word typed after results for another are on screen.
      await ask(page, opener);
      await page.keyboard.type(WORDS[2]![0], {delay: WORDS[2]![1]});
      await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible();
      await page.keyboard.press('Control+a');
      await page.keyboard.type(WORDS[3]![0], {delay: WORDS[3]![1]});
      await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible();
      await expect(input(page)).toHaveValue(WORDS[3]![0]);
    });
  }

  test('Chinese committed by an input method, commit after commit, keeps every character', async ({page}) => {
    await visit(page, DOC);
    await page.keyboard.press('Control+k');
    await expect(input(page)).toBeFocused();
    const cdp = await page.context().newCDPSession(page);
    // Each word picked from the candidates as soon as the last one is in: no pause for results.
    const picks: Array<[string, string]> = [
      ['xian', '显'],
      ['cun', '存'],
      ['bu', '不'],
      ['zu', '足'],
    ];
    for (const [pinyin, word] of picks) {
      await cdp.send('Input.imeSetComposition', {text: pinyin, selectionStart: pinyin.length, selectionEnd: 0});
      await cdp.send('Input.insertText', {text: word});
    }
    await page.keyboard.type(' lora', {delay: 0});
    await expect(input(page)).toHaveValue('显存不足 lora');
    await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible();
    await expect(input(page)).toHaveValue('显存不足 lora');
  });

  test('the search page keeps every key typed fast', {tag: '@both'}, async ({page}) => {
    await navigate(page, '/search');
    const field = page.locator('input[type="search"][name="q"]');
    await field.focus();
    await page.keyboard.type('lora_rank', {delay: 0});
    await expect(page.locator('article h2 a:not(.hash-link)').first()).toBeVisible();
    await page.keyboard.type(' deepspeed', {delay: 20});
    await expect(page).toHaveURL(/\/search\?q=lora_rank(\+|%20)deepspeed$/);
    await expect(field).toHaveValue('lora_rank deepspeed');
  });

  test('the hosted-Algolia modal keeps every key typed fast', {tag: '@both'}, async ({page}) => {
    const queries: string[] = [];
    // Answers arrive 40 ms late, so each lands while the next keys are being typed.
    await page.route(/algolia\.net|algolianet\.com/, async (route) => {
      const body = route.request().postDataJSON() as {requests: Array<{query: string}>};
      queries.push(body.requests[0]!.query);
      await new Promise((resolve) => setTimeout(resolve, 40));
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          results: body.requests.map((r) => ({
            hits: [],
            nbHits: 0,
            page: 0,
            nbPages: 0,
            hitsPerPage: 20,
            query: r.query,
            index: 'docs',
            params: '',
            processingTimeMS: 1,
          })),
        }),
      });
    });
    await visit(page, `${TEST_BUILD_URL}${DOC}`);
    for (const [word, delay] of WORDS.slice(0, 2)) {
      await ask(page, 'button');
      await page.keyboard.type(word, {delay});
      await expect(page.locator('.DocSearch-NoResults')).toBeVisible();
      await expect(input(page)).toHaveValue(word);
      await close(page);
    }
    expect(queries).toContain('deepspeed');
  });
});

/**
 * Opens the page with the site bundle held back: the page shows but is not live until the returned function is called.
 */
async function openHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(DOC, {waitUntil: 'domcontentloaded'});
  return release;
}

test.describe('asking for search before the page is live', () => {
  const ways = {
    'Ctrl+K': (page: Page) => page.keyboard.press('Control+k'),
    '/': (page: Page) => page.keyboard.press('/'),
    'a click on the button': (page: Page) => page.locator('.DocSearch-Button').click(),
    'Enter on the button': async (page: Page) => {
      await page.locator('.DocSearch-Button').focus();
      await page.keyboard.press('Enter');
    },
  };
  for (const [name, way] of Object.entries(ways)) {
    test(
      `${name} opens the modal once the page is live, with the keys typed meanwhile`,
      {tag: '@both'},
      async ({page}) => {
        // The site bundle is held back until the reader has asked and typed: the page shows, but is not live.
        const release = await openHeld(page);
        await expect(page.locator('.DocSearch-Button')).toBeVisible();
        await way(page);
        await page.keyboard.type('lora_ran', {delay: 10});
        await page.keyboard.press('Backspace');
        await page.keyboard.type('nk', {delay: 10});
        expect(await page.locator('html').getAttribute('data-has-hydrated')).not.toBe('true');
        await expect(modal(page)).toHaveCount(0);
        release();
        await expect(input(page)).toBeFocused();
        await expect(input(page)).toHaveValue('lora_rank');
        await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible();
        // Typing goes on in the box itself.
        await page.keyboard.type(' lr', {delay: 10});
        await expect(input(page)).toHaveValue('lora_rank lr');
      },
    );
  }

  test('Escape before the page is live cancels the request', async ({page}) => {
    const release = await openHeld(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('lora', {delay: 10});
    await page.keyboard.press('Escape');
    release();
    await page.locator('html[data-has-hydrated="true"][data-theme-live="true"]').waitFor({state: 'attached'});
    await expect(modal(page)).toHaveCount(0);
    // The shortcut works as usual from here on, with an empty box.
    await page.keyboard.press('Control+k');
    await expect(input(page)).toBeFocused();
    await expect(input(page)).toHaveValue('');
  });
});
