// The GPU-memory estimator on guide/shili/{product} (issue #29): entering a setup and reading the result, an invalid
// input, a shared URL, and the page without JavaScript (the tables generated at build time).
import {expect, test} from './test';
import {press, visit} from './helpers';
import {estimate} from '../../src/estimator/estimate';
import {parseValues, DEFAULTS} from '../../src/estimator/form';

const PAGE = '/docs/documents/guide/shili/%7Bproduct%7D';

test.use({permissions: ['clipboard-read', 'clipboard-write']});

/** What the estimator says per card for the given choices (the same function the page runs). */
function perCard(over: Partial<typeof DEFAULTS>): string {
  const {setup} = parseValues({...DEFAULTS, ...over});
  return `每卡约 ${estimate(setup!).totalGiB.toFixed(1)} GB`;
}

test('a reader enters a setup, reads memory per card and the YAML, and the URL keeps it', async ({page}) => {
  await visit(page, PAGE);
  const form = page.getByRole('form', {name: '显存估算'});
  const result = page.getByRole('region', {name: '估算结果'});
  await form.getByLabel('模型', {exact: true}).selectOption('qwen3-14b');
  await form.getByLabel('序列长度（cutoff_len）').fill('4096');
  await form.getByLabel('每卡批大小（per_device_train_batch_size）').fill('1');
  await expect(result.getByRole('status')).toContainText(perCard({model: 'qwen3-14b', cutoff: '4096', batch: '1'}));
  await expect(result.getByRole('status')).toContainText('放得下');
  await expect(result.getByRole('status')).toContainText('至少需要 1 张卡');
  await expect(result.getByRole('img', {name: /每卡显存构成/})).toBeVisible();
  const yaml = result.getByLabel('对应的训练配置');
  await expect(yaml).toContainText('cutoff_len: 4096');
  await expect(yaml).toContainText('per_device_train_batch_size: 1');
  await expect(yaml).toContainText('finetuning_type: lora');
  // Keyboard: the gradient-checkpointing box toggles with Space and the YAML says its inverse.
  await form.getByLabel(/梯度检查点/).focus();
  await page.keyboard.press('Space');
  await expect(yaml).toContainText('disable_gradient_checkpointing: true');
  await press(result.getByRole('button', {name: '复制配置'}));
  await expect(result.getByRole('button', {name: '已复制'})).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await yaml.innerText());
  // ZeRO-1: LLaMA-Factory ships no config for it, so the estimator says how to make one.
  await form.getByLabel('DeepSpeed').selectOption('z1');
  await expect(yaml).toContainText('deepspeed: /workspace/user-data/configs/ds_z1_config.json');
  await expect(result.getByText('LLaMA-Factory v0.9.5 的 examples/deepspeed 里没有 ZeRO-1 配置')).toBeVisible();
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    model: 'qwen3-14b',
    cutoff: '4096',
    batch: '1',
    gc: '0',
    zero: 'z1',
  });
});

test('an out-of-range input gets a message beside its field and no number', async ({page}) => {
  await visit(page, PAGE);
  const form = page.getByRole('form', {name: '显存估算'});
  const result = page.getByRole('region', {name: '估算结果'});
  const cards = form.getByLabel('H800 卡数');
  await cards.fill('0');
  await expect(cards).toHaveAttribute('aria-invalid', 'true');
  await expect(cards).toHaveAccessibleDescription(/请输入 1 到 8 之间的整数/);
  await expect(result.getByRole('status')).toHaveText('请先改正标出的输入。');
  await expect(result.getByText(/GB/)).toHaveCount(0);
  await form.getByLabel('序列长度（cutoff_len）').fill('四千');
  await expect(form.getByLabel('序列长度（cutoff_len）')).toHaveAccessibleDescription('请输入数字');
  await cards.fill('2');
  await form.getByLabel('序列长度（cutoff_len）').fill('2048');
  await expect(result.getByRole('status')).toContainText(perCard({cards: '2'}));
});

test('a shared URL opens with its setup, and a setup that fits nowhere names the change that helps', async ({page}) => {
  await visit(page, `${PAGE}?model=llama-3.1-70b-instruct&method=full&cards=8`);
  const form = page.getByRole('form', {name: '显存估算'});
  await expect(form.getByLabel('模型', {exact: true})).toHaveValue('llama-3.1-70b-instruct');
  await expect(form.getByLabel('微调方法')).toHaveValue('full');
  await expect(form.getByLabel('H800 卡数')).toHaveValue('8');
  const status = page.getByRole('region', {name: '估算结果'}).getByRole('status');
  await expect(status).toContainText('放不下');
  await expect(status).toContainText('最有效的改动：改用 QLoRA 4 bit，之后 2 张卡可以放下');
  await expect(status).toContainText('不换方法的话：改用 DeepSpeed ZeRO-3 并开启 offload');
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the page says the estimator needs JavaScript and shows the generated tables', async ({page}) => {
    await page.goto(PAGE);
    await expect(page.getByText('交互式估算器需要启用 JavaScript')).toBeVisible();
    await expect(page.getByRole('form', {name: '显存估算'})).toHaveCount(0);
    const byMethod = page.locator('table').filter({hasText: '冻结（训练最后 2 层）'}).first();
    await expect(byMethod.getByRole('columnheader', {name: 'Qwen3-14B'})).toBeVisible();
    const lora = perCard({model: 'qwen3-8b', batch: '1'}).replace('每卡约 ', '').replace(' GB', '');
    await expect(byMethod.getByRole('row', {name: /LoRA（秩 8/})).toContainText(lora);
    await expect(page.locator('table').filter({hasText: '放下权重至少'})).toContainText('Llama-3.1-70B-Instruct');
  });
});

test('at 390 px the estimator fits the width', {tag: '@mobile'}, async ({page}) => {
  await visit(page, PAGE);
  const box = page.locator('[data-estimator="ready"]');
  await expect(box).toBeVisible();
  const [scroll, client] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
