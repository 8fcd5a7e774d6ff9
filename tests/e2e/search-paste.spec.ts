// A whole traceback pasted into search (issue #38): the modal's box and the /search page's search its fatal line, the
// modal offers 报错诊断 for the whole text (sessionStorage, never the URL), and a short one-line paste is the browser's
// as before. Pastes are real: the text goes to the clipboard and Control+V pastes it into the focused box.
import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {navigate, visit} from './helpers';
import {PASTED_LOGS} from '../unit/fixtures/pasted-logs';

const DOC = '/docs/documents/introduct';
const KEY = 'lfo:diagnose-text';
const input = (page: Page) => page.locator('.DocSearch-Input');
const hitLinks = (page: Page) => page.locator('.DocSearch-Hit a');
const offer = (page: Page) => page.locator('.search-paste-offer');
const LOG = PASTED_LOGS.find((l) => l.name.startsWith('flash-attn'))!;
const PAGE = new RegExp(`/docs/${LOG.page}(?:#|$)`);

test.use({permissions: ['clipboard-read', 'clipboard-write']});

async function paste(page: Page, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+V');
}

async function openModal(page: Page) {
  await visit(page, DOC);
  await page.evaluate((key) => sessionStorage.removeItem(key), KEY);
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused();
}

const stored = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), KEY);

test(
  'a whole traceback pasted into the modal searches its error line and offers 报错诊断',
  {tag: '@both'},
  async ({page}) => {
    await openModal(page);
    await paste(page, LOG.log);
    await expect(input(page)).toHaveValue(LOG.query);
    await expect(hitLinks(page).first()).toHaveAttribute('href', PAGE);
    // The offer, under the box; the whole text waits in sessionStorage, the link carries none of it.
    const link = offer(page).getByRole('link', {name: `用报错诊断分析全部 ${LOG.log.split('\n').length} 行`});
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/docs/documents/problems/diagnose#paste');
    expect(await stored(page)).toBe(LOG.log);
    // The offer says the query is the paste's error line: editing the query drops it.
    await input(page).press('End');
    await input(page).press('Backspace');
    await expect(input(page)).toHaveValue(LOG.query.slice(0, -1));
    await expect(offer(page)).toHaveCount(0);
    // A second paste offers again. The link follows the box in the focus order (the box's own buttons between them);
    // following it from the keyboard closes the modal and opens 报错诊断.
    await paste(page, LOG.log);
    await expect(link).toBeVisible();
    for (let tabs = 0; tabs < 3 && !(await link.evaluate((a) => a === document.activeElement)); tabs++) {
      await page.keyboard.press('Tab');
    }
    await expect(link).toBeFocused();
    await navigate(page, () => page.keyboard.press('Enter'), /\/docs\/documents\/problems\/diagnose#paste$/);
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  },
);

test('a whole traceback pasted into /search searches its error line', async ({page}) => {
  await navigate(page, '/search');
  await page.evaluate((key) => sessionStorage.removeItem(key), KEY);
  const field = page.locator('input[type="search"][name="q"]');
  await field.focus();
  await paste(page, LOG.log);
  await expect(field).toHaveValue(LOG.query);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(LOG.query);
  await expect(page.locator('article h2 a:not(.hash-link)').first()).toHaveAttribute('href', PAGE);
  expect(await stored(page)).toBe(LOG.log);
});

test('a short one-line paste is the browser’s, in the modal and on /search', async ({page}) => {
  await openModal(page);
  await input(page).fill('vllm ');
  await paste(page, 'max_lora_rank');
  await expect(input(page)).toHaveValue('vllm max_lora_rank');
  await expect(hitLinks(page).first()).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
  expect(await stored(page)).toBeNull();

  await navigate(page, '/search');
  const field = page.locator('input[type="search"][name="q"]');
  await field.focus();
  await paste(page, 'torch.OutOfMemoryError: CUDA out of memory.');
  await expect(field).toHaveValue('torch.OutOfMemoryError: CUDA out of memory.');
  expect(await stored(page)).toBeNull();
});
