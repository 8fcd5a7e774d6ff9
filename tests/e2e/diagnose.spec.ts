// 报错诊断 (issue #38, section 2) on docs/documents/problems/diagnose: whole logs pasted and diagnosed (the error
// that ended the run first, its source and the sections that explain it, a search link for what the site does not
// explain), the search box's hand-off through sessionStorage, keyboard use, requests (none to another host; the data
// chunk only on this page), axe on the findings in both colour modes, a 5 MB log read in slices (its timing: npm run bench:diagnose), and the page without JavaScript.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {type Locator, type Page} from '@playwright/test';
import {expect, test} from './test';
import {navigate, press, visit} from './helpers';

const PAGE = '/docs/documents/problems/diagnose';
const FIXTURES = join(__dirname, '../unit/fixtures/diagnose');
const log = (file: string) => readFileSync(join(FIXTURES, file), 'utf8');

/** The tool's parts, by what a reader sees. */
function tool(page: Page) {
  const results = page.getByRole('region', {name: '诊断结果'});
  return {
    input: page.getByLabel('日志或报错'),
    run: page.getByRole('button', {name: '诊断', exact: true}),
    status: results.getByRole('status'),
    findings: results.getByRole('listitem').filter({has: page.locator('pre')}),
  };
}

/** Pastes a log into the box and presses 诊断; returns once the summary shows. */
async function diagnose(page: Page, text: string): Promise<Locator> {
  const {input, run, status, findings} = tool(page);
  await input.fill(text);
  await press(run);
  await expect(status).toContainText('找到');
  return findings;
}

test(
  'a torchrun log: the out-of-memory error first, its source and the sections that explain it',
  {tag: '@both'},
  async ({page}) => {
    const hosts = new Set<string>();
    page.on('request', (r) => hosts.add(new URL(r.url()).host));
    await visit(page, PAGE);
    const findings = await diagnose(page, log('02-oom-torchrun.log'));
    const first = findings.first();
    await expect(first).toContainText('导致运行结束的错误');
    await expect(first.locator('pre')).toContainText(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.16 GiB',
    );
    await expect(first).toContainText('出处：PyTorch（本站引用的外部信息）');
    const link = first.getByRole('link', {name: '显存不足（CUDA out of memory） › 现象'});
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/docs/documents/problems/outofmemory#symptoms');
    // The wrappers are not first; the known log lines follow, each with its lines.
    await expect(findings.filter({hasText: 'ChildFailedError'}).filter({hasText: '导致运行结束'})).toHaveCount(0);
    await expect(findings.filter({hasText: 'Initializing 2 distributed tasks'})).toContainText('第 1 行');

    // A LLaMA-Factory message: its file and line at v0.9.5, linked to the source.
    await diagnose(page, log('11-undefined-dataset.log'));
    const lf = tool(page).findings.first();
    await expect(lf.locator('pre')).toHaveText('ValueError: Undefined dataset my_medical_sft in dataset_info.json.');
    const source = lf.getByRole('link', {name: 'src/llamafactory/data/parser.py:126'});
    await expect(source).toHaveAttribute(
      'href',
      'https://github.com/hiyouga/LLaMA-Factory/blob/v0.9.5/src/llamafactory/data/parser.py#L126',
    );
    await expect(lf).toContainText('LLaMA-Factory 0.9.5');
    await expect(lf.getByRole('link', {name: /自定义数据集无法加载 › 现象/})).toBeVisible();

    // vLLM: process tags and log prefixes off, the engine's error first (not the API server's wrapper).
    await diagnose(page, log('19-vllm-kv-cache.log'));
    const vllm = tool(page).findings.first();
    await expect(vllm.locator('pre')).toContainText(
      "ValueError: To serve at least one request with the models's max seq len",
    );
    await expect(vllm).toContainText('vLLM 0.11.0 · vllm/v1/core/kv_cache_utils.py');
    await expect(vllm.getByRole('link', {name: 'vLLM 推理报错 › 现象'})).toBeVisible();

    // A message the site does not explain: where it came from is unknown, and a search for its text.
    await diagnose(
      page,
      'Traceback (most recent call last):\n  File "/workspace/user-data/scripts/clean.py", line 3\nMyDataError: row 17 of /workspace/user-data/datasets/a.jsonl has no prompt\n',
    );
    const unknown = tool(page).findings.first();
    await expect(unknown).toContainText('不在本站收录的报错信息中');
    await expect(unknown).toContainText('本站还没有专门讲这条信息的章节。');
    const search = unknown.getByRole('link', {name: /^在本站搜索/});
    await expect(search).toHaveAttribute(
      'href',
      `/search?q=${encodeURIComponent('MyDataError: row 17 of has no prompt')}`,
    );

    expect([...hosts]).toEqual([new URL(page.url()).host]);
  },
);

test('the known messages load on this page only, as a chunk of their own', async ({page}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/diagnose-data/.test(r.url())) chunks.push(new URL(r.url()).pathname);
  });
  await visit(page, '/docs/documents/problems/outofmemory');
  await expect(page.locator('h1')).toBeVisible();
  expect(chunks).toEqual([]);
  await navigate(page, PAGE);
  await expect.poll(() => chunks.length).toBe(1);
  expect(chunks[0]).toMatch(/^\/assets\/js\/diagnose-data\.[0-9a-f]+\.js$/);
});

test('a long paste handed over by the search box is diagnosed on arrival, and the key removed', async ({page}) => {
  await visit(page, '/docs/documents/introduct');
  await page.evaluate((text) => sessionStorage.setItem('lfo:diagnose-text', text), log('07-nccl-timeout.log'));
  await page.goto(`${PAGE}#paste`);
  const {input, status, findings} = tool(page);
  await expect(status).toContainText('找到');
  await expect(input).toHaveValue(/Watchdog caught collective operation timeout/);
  await expect(findings.first().locator('pre')).toContainText('torch.distributed.DistBackendError: NCCL error in:');
  await expect(findings.first().getByRole('link', {name: '训练进程意外退出 › 现象'})).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('lfo:diagnose-text'))).toBeNull();
  expect(new URL(page.url()).search).toBe('');
});

test('keyboard only: the box, Ctrl+Enter, the button and a section link', async ({page}) => {
  await visit(page, PAGE);
  const {input, run, status, findings} = tool(page);
  // From the skip link, Tab reaches the box (the article's links come before it).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 40 && !(await input.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(input).toBeFocused();
  await page.keyboard.insertText(log('05-killed.log'));
  await page.keyboard.press('Control+Enter');
  await expect(status).toContainText('找到');
  await expect(findings.first().locator('pre')).toHaveText('Killed');
  // Tab goes on to 诊断, which Enter presses again.
  await page.keyboard.press('Tab');
  await expect(run).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toContainText('找到');
  // Then on to the first finding's first section link, which Enter follows.
  const link = findings.first().getByRole('link', {name: '训练进程意外退出 › 现象'});
  for (let i = 0; i < 10 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(link).toBeFocused();
  await navigate(page, () => page.keyboard.press('Enter'), /\/docs\/documents\/problems\/exit#symptoms$/);
});

test.describe('accessibility of the findings', () => {
  // Transitions (Infima's link and background colours) would let axe read a colour halfway through the mode switch.
  test.use({reducedMotion: 'reduce'});

  test('the findings have no serious or critical axe violation, light and dark', {tag: '@both'}, async ({page}) => {
    await visit(page, PAGE);
    await diagnose(page, log('27-hf-offline.log'));
    const article = page.locator('article');
    for (const mode of ['light', 'dark'] as const) {
      // As the toggle stores it, and tells the page (pages.spec.ts switches the same way).
      await page.evaluate((newValue) => {
        const oldValue = localStorage.getItem('theme');
        localStorage.setItem('theme', newValue);
        window.dispatchEvent(
          new StorageEvent('storage', {key: 'theme', oldValue, newValue, storageArea: localStorage}),
        );
      }, mode);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await expect(article.locator('pre').first()).toBeVisible();
      const results = await new AxeBuilder({page})
        .setLegacyMode()
        .include('article')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `[${mode}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
  });
});

test('a 5 MB log is diagnosed in slices: the page keeps painting while it is read', async ({page}) => {
  // How long it takes is a measurement, not a test (npm run bench:diagnose): this proves the reading gives the browser
  // its frames back and finishes with the error that ended the run.
  await visit(page, PAGE);
  const {status, findings} = tool(page);
  // A first, tiny diagnosis waits for the known messages to load (the page starts loading them when it opens).
  await diagnose(page, 'ok');
  const parts = ['39-warnings-only.log', '07-nccl-timeout.log', '01-oom-single.log', '02-oom-torchrun.log'].map(log);
  const frames = await page.evaluate(async (texts) => {
    let text = '';
    for (let i = 0; text.length < 5 * 1024 * 1024; i++) text += texts[i % texts.length];
    const tool = document.querySelector<HTMLElement>('[data-diagnose]')!;
    tool.querySelector('textarea')!.value = text;
    tool.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    // Frames painted while the state is 'running' (the earlier diagnosis left it at 'done').
    let count = 0;
    await new Promise<void>((resolve) => {
      const frame = () => {
        const state = tool.dataset.diagnose;
        if (state === 'running') count++;
        if (state === 'done' && count > 0) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    return count;
  }, parts);
  // One frame would mean the whole log was read in one task.
  expect(frames).toBeGreaterThan(2);
  await expect(status).toContainText(/读了 \d+ 行/);
  await expect(findings.first()).toContainText('导致运行结束的错误');
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the page says the tool needs JavaScript and still lists the troubleshooting pages', async ({page}) => {
    await page.goto(PAGE);
    await expect(page.getByText('报错诊断需要启用 JavaScript')).toBeVisible();
    await expect(page.getByLabel('日志或报错')).toHaveCount(0);
    await expect(page.getByRole('link', {name: '显存不足（CUDA out of memory）'})).toBeVisible();
  });
});
