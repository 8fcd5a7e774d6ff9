// 训练前检查 (guide/Train/preflight, issue #38): a reader pastes a config, a dataset_info.json entry and data lines and
// reads the findings with their lines and links; the same by keyboard alone; nothing goes to another host; axe in
// both colour modes with findings on screen; the page without JavaScript says it needs it.
import AxeBuilder from '@axe-core/playwright';
import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {navigate, press, visit} from './helpers';

const PAGE = '/docs/documents/guide/Train/preflight';

const CONFIG = `### model
model_name_or_path: Qwen/Qwen3-8B

### method
stage: sft
do_train: true
finetuning_type: lora
lora_rnak: 8
deepspeed: /workspace/user-data/configs/ds_z3_config.json

### dataset
dataset: service_qa
template: qwen3
cutoff_len: 2048

### output
output_dir: /workspace/user-data/models/output/qwen3-8b-lora-sft
per_device_train_batch_size: 2
bf16: true
`;
const INFO = '"service_qa": {"file_name": "/workspace/user-data/datasets/service_qa/train.jsonl"}';
const DATA = '{"instruction": "冰箱结冰怎么办？", "output": "把冷藏温度调到 4 到 6 摄氏度。"}';

/** Fills a text box the way a paste does (one input event with the whole text). */
async function paste(page: Page, label: string | RegExp, text: string): Promise<void> {
  const box = page.getByLabel(label, {exact: true});
  await box.focus();
  await box.fill('');
  await page.keyboard.insertText(text);
}

test('a pasted config, entry and data give findings with lines, fixes and links', {tag: '@both'}, async ({page}) => {
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).host));
  await visit(page, PAGE);
  await paste(page, '训练配置（YAML）', CONFIG);
  await paste(page, 'dataset_info.json', INFO);
  await paste(page, '数据', DATA);
  await paste(page, '卡数', '1');
  const result = page.getByRole('region', {name: '检查结果'});
  // The findings follow the typing without a click.
  const key = result.locator('[data-finding="yaml.unknown-key"]');
  await expect(key).toContainText('YAML 第 8 行');
  await expect(key).toContainText('应该是 lora_rank');
  await expect(key.getByRole('link', {name: /LoRA 参数/})).toHaveAttribute(
    'href',
    '/docs/documents/guide/Train/parameter#lora-args',
  );
  const launch = result.locator('[data-finding="launch.force-torchrun"]');
  await expect(launch).toContainText('YAML 第 9 行');
  await expect(launch).toContainText('FORCE_TORCHRUN=1 llamafactory-cli train');
  const input = result.locator('[data-finding="data.alpaca-no-input"]');
  await expect(input).toContainText('数据 第 1 行');
  await expect(input).toContainText("KeyError: 'input'");
  const preview = result.locator('[data-finding="data.preview"]');
  await expect(preview.getByRole('row', {name: /user（提问） 冰箱结冰怎么办？/})).toBeVisible();
  await expect(preview.getByRole('row', {name: /assistant（回答）/})).toBeVisible();
  await expect(result.locator('[data-finding="memory.fits"]')).toContainText(/1 张卡时每卡约 \d+ GB，放得下/);
  await expect(result.getByRole('status')).toContainText('2 个问题');
  // Fixing the key in the box clears its finding.
  await paste(page, '训练配置（YAML）', CONFIG.replace('lora_rnak', 'lora_rank'));
  await expect(key).toHaveCount(0);
  await expect(result.getByRole('status')).toContainText('1 个问题');
  // A finding's link is an ordinary link to the section that explains it.
  await navigate(
    page,
    () => press(launch.getByRole('link')),
    /\/guide\/shili\/(%7B|\{)product(%7D|\})#gpu-count-and-config$/,
  );
  await expect(page.locator('#gpu-count-and-config')).toBeVisible();
  expect([...hosts].filter((h) => !/^(localhost|127\.0\.0\.1)(:\d+)?$/.test(h))).toEqual([]);
});

test('the tool works with the keyboard alone', async ({page}) => {
  await visit(page, PAGE);
  await page.getByLabel('训练配置（YAML）').focus();
  await page.keyboard.insertText(
    'model_name_or_path: Qwen/Qwen3-8B\ndo_train: true\ndataset: identity\ntemplate: qwen3\n',
  );
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('dataset_info.json')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('数据', {exact: true})).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('卡数')).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', {name: '检查'})).toBeFocused();
  await page.keyboard.press('Enter');
  const result = page.getByRole('region', {name: '检查结果'});
  await expect(result.getByRole('status')).toHaveText('没有发现问题。下面是本页核对过的内容。');
  const builtin = result.locator('[data-finding="yaml.dataset-builtin"]');
  await expect(builtin).toContainText('identity 是 LLaMA-Factory v0.9.5 自带的数据集');
  // Tab on from the button reaches the first finding's link; Enter follows it.
  await page.keyboard.press('Tab');
  const first = result.getByRole('link').first();
  await expect(first).toBeFocused();
  const href = (await first.getAttribute('href'))!;
  await navigate(page, () => page.keyboard.press('Enter'), new RegExp(`${href.replace(/[?#].*/, '')}`));
});

test('a correct config shows nothing worded as an error', async ({page}) => {
  await visit(page, PAGE);
  await paste(page, '训练配置（YAML）', CONFIG.replace('lora_rnak', 'lora_rank'));
  await paste(page, '卡数', '2');
  const result = page.getByRole('region', {name: '检查结果'});
  await expect(result.locator('[data-finding="launch.torchrun"]')).toBeVisible();
  await expect(result.getByRole('status')).toHaveText('没有发现问题。下面是本页核对过的内容。');
  for (const word of ['错误', '无效', '不存在', '未知', '不支持']) await expect(result).not.toContainText(word);
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds nothing serious with findings on screen (${mode})`, {tag: '@both'}, async ({page}) => {
    await visit(page, PAGE);
    if (mode === 'dark') {
      await page.evaluate(() => {
        localStorage.setItem('theme', 'dark');
        window.dispatchEvent(new StorageEvent('storage', {key: 'theme', newValue: 'dark', storageArea: localStorage}));
      });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    }
    await paste(page, '训练配置（YAML）', CONFIG.replace('stage: sft', 'stage: pt\ntrain_on_prompt: true'));
    await paste(page, '数据', DATA);
    await paste(page, '卡数', '1');
    const result = page.getByRole('region', {name: '检查结果'});
    await expect(result.locator('[data-finding="data.preview"]')).toBeVisible();
    await expect(result.locator('[data-finding="yaml.sft-only"]')).toBeVisible();
    const results = await new AxeBuilder({page})
      .setLegacyMode()
      .include('article')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    const [scroll, client] = await page
      .locator('[data-preflight="ready"]')
      .evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
  });
}

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the page says the tool needs JavaScript', async ({page}) => {
    await page.goto(PAGE);
    await expect(page.getByText('训练前检查需要启用 JavaScript')).toBeVisible();
    await expect(page.locator('textarea')).toHaveCount(0);
    await expect(page.getByRole('heading', {name: '检查哪些内容'})).toBeVisible();
  });
});
