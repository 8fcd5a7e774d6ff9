// The interactive GPU-memory estimator of guide/shili/{product}: a form, a stacked bar of memory per card, the card
// count that fits and the YAML keys. All figures come from src/estimator (the page's tables use the same function).
// The choices live in the query string: read after hydration, written with history.replaceState.
import {useEffect, useId, useMemo, useState, type ReactNode} from 'react';
import {
  bestChange,
  bestChangeKeepingMethod,
  CARD_GIB,
  estimate,
  LIMIT_GIB,
  smallestCards,
  type Breakdown,
  type ChangeKind,
} from '@site/src/estimator/estimate';
import {CUSTOM, fromQuery, parseValues, toQuery, yamlFor, type Field, type FormValues} from '@site/src/estimator/form';
import {MODELS} from '@site/src/estimator/models';
import styles from './styles.module.css';

const METHOD_LABELS: Record<string, string> = {
  full: '全参数微调（full）',
  freeze: '冻结微调（freeze，训练最后 2 层）',
  lora: 'LoRA',
  qlora8: 'QLoRA 8 bit',
  qlora4: 'QLoRA 4 bit',
};
const ZERO_LABELS: Record<string, string> = {
  none: '不用 DeepSpeed',
  z0: 'ZeRO-0（ds_z0_config.json）',
  z2: 'ZeRO-2（ds_z2_config.json）',
  z3: 'ZeRO-3（ds_z3_config.json）',
};
const PARTS: Array<[keyof Breakdown, string]> = [
  ['weights', '权重'],
  ['gradients', '梯度'],
  ['optimizer', '优化器状态'],
  ['activations', '激活值'],
  ['overhead', '其他开销'],
];
const CHANGE_LABELS: Record<ChangeKind, string> = {
  'gradient-checkpointing': '打开梯度检查点',
  zero3: '改用 DeepSpeed ZeRO-3',
  'zero3-offload': '改用 DeepSpeed ZeRO-3 并开启 offload',
  lora: '改用 LoRA',
  qlora4: '改用 QLoRA 4 bit',
  'cutoff-half': '把 cutoff_len 减半',
  'batch-1': '把批大小降到 1',
};
const ROUGH: Record<string, string> = {
  'moe-activations': 'MoE 模型的激活值按每个 token 经过的专家估算，路由不均时会更多，数字较粗。',
  offload: 'offload 把状态放到内存，显存数字只计算留在卡上的部分，较粗；训练会明显变慢。',
  'custom-shape': '自定义模型的 MLP 宽度由参数量推算，LoRA 参数量较粗。',
};

const gb = (x: number) => x.toFixed(1);

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

export default function GpuEstimator(): ReactNode {
  const base = useId();
  const [values, setValues] = useState<FormValues | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    setValues(fromQuery(window.location.search));
  }, []);

  const parsed = useMemo(() => (values ? parseValues(values) : null), [values]);

  if (!values || !parsed) {
    return (
      <div className={styles.estimator} data-estimator="static">
        <p>交互式估算器需要启用 JavaScript。没有 JavaScript 时，可以查阅下面由同一套公式生成的表格。</p>
      </div>
    );
  }

  const set = (field: Field, value: string) => {
    const next = {...values, [field]: value};
    setValues(next);
    setCopied(false);
    const url = `${window.location.pathname}${toQuery(next)}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  };
  const id = (f: Field) => `${base}-${f}`;
  const {setup, errors} = parsed;
  const custom = values.model === CUSTOM;
  const adapter = values.method === 'lora' || values.method === 'qlora4' || values.method === 'qlora8';

  const text = (field: Field, label: string, hint?: string) => (
    <Field id={id(field)} label={label} error={errors[field]} hint={hint}>
      {(describedBy) => (
        <input
          id={id(field)}
          name={field}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={values[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );
  const select = (field: Field, label: string, options: Array<[string, string]>) => (
    <Field id={id(field)} label={label} error={errors[field]}>
      {(describedBy) => (
        <select
          id={id(field)}
          name={field}
          value={values[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => set(field, e.target.value)}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const check = (field: Field, label: string) => (
    <div className={styles.check}>
      <input
        id={id(field)}
        name={field}
        type="checkbox"
        checked={values[field] === '1'}
        onChange={(e) => set(field, e.target.checked ? '1' : '0')}
      />
      <label htmlFor={id(field)}>{label}</label>
    </div>
  );

  const result = setup ? estimate(setup) : null;
  const need = setup ? smallestCards(setup) : null;
  const change = setup && need === null ? bestChange(setup) : null;
  const keep = setup && change ? bestChangeKeepingMethod(setup) : null;
  const yaml = setup ? yamlFor(setup) : '';

  return (
    <div className={styles.estimator} data-estimator="ready">
      <form className={styles.form} aria-label="显存估算" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>模型</legend>
          {select('model', '模型', [
            ...MODELS.map((m): [string, string] => [m.id, m.name]),
            [CUSTOM, '自定义'],
            // A shared link may name a model that is not (or no longer) offered: show it, so choosing any model fires.
            ...(values.model === CUSTOM || MODELS.some((m) => m.id === values.model)
              ? []
              : [[values.model, `无效：${values.model}`] as [string, string]]),
          ])}
          {custom && (
            <div className={styles.grid}>
              {text('params', '总参数量（B，十亿）')}
              {text('active', '激活参数量（B，MoE 才填）')}
              {text('layers', '层数')}
              {text('hidden', '隐藏层大小')}
              {text('heads', '注意力头数')}
              {text('kvHeads', 'KV 头数')}
              {text('vocab', '词表大小')}
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend>方法与精度</legend>
          <div className={styles.grid}>
            {select('method', '微调方法', Object.entries(METHOD_LABELS))}
            {adapter && text('rank', 'LoRA 秩（lora_rank）')}
            {adapter &&
              select('target', 'LoRA 作用的层（lora_target）', [
                ['all', '全部线性层（all）'],
                ['qv', 'q_proj,v_proj'],
              ])}
            {select('precision', '精度', [
              ['bf16', 'bf16 混合精度'],
              ['pure_bf16', 'pure_bf16'],
            ])}
          </div>
        </fieldset>
        <fieldset>
          <legend>训练设置</legend>
          <div className={styles.grid}>
            {text('cutoff', '序列长度（cutoff_len）')}
            {text('batch', '每卡批大小（per_device_train_batch_size）')}
            {text('cards', 'H800 卡数', '1、2、4 或 8')}
            {select('zero', 'DeepSpeed', Object.entries(ZERO_LABELS))}
          </div>
          {(values.zero === 'z2' || values.zero === 'z3') && check('offload', '开启 offload（把状态放到内存）')}
          {check('gc', '梯度检查点（LLaMA-Factory 默认开启）')}
        </fieldset>
      </form>

      <section className={styles.result} aria-label="估算结果">
        <div role="status" aria-live="polite" className={styles.summary}>
          {result && setup ? (
            <>
              <p>
                <strong>
                  每卡约 {gb(result.totalGiB)} GB，{result.fits ? '放得下' : '放不下'}
                </strong>
                （{setup.cards} 张 H800，每卡 {gb(CARD_GIB)} GB，留 10% 余量后上限 {gb(LIMIT_GIB)} GB）。
              </p>
              <p>
                {need !== null
                  ? `其他设置不变时，至少需要 ${need} 张卡。`
                  : change
                    ? `按现在的设置，1、2、4、8 张卡都放不下。最有效的改动：${CHANGE_LABELS[change.kind]}，之后 ${change.cards} 张卡可以放下。${keep ? `不换方法的话：${CHANGE_LABELS[keep.kind]}，之后 ${keep.cards} 张卡可以放下。` : ''}`
                    : '按现在的设置，1、2、4、8 张卡都放不下，单项改动也不够：请组合使用 QLoRA、ZeRO-3 和更短的序列。'}
              </p>
            </>
          ) : (
            <p>请先改正标出的输入。</p>
          )}
        </div>
        {result && (
          <>
            <div className={styles.bar} role="img" aria-label={`每卡显存构成，共 ${gb(result.totalGiB)} GB`}>
              {PARTS.map(([key]) => (
                <span
                  key={key}
                  className={styles[key]}
                  style={{
                    width: `${Math.min(100, (result.perCard[key] / Math.max(CARD_GIB, result.totalGiB)) * 100)}%`,
                  }}
                />
              ))}
              <span
                className={styles.limit}
                style={{left: `${(LIMIT_GIB / Math.max(CARD_GIB, result.totalGiB)) * 100}%`}}
                aria-hidden="true"
              />
            </div>
            <ul className={styles.legend}>
              {PARTS.map(([key, label]) => (
                <li key={key}>
                  <span className={`${styles.swatch} ${styles[key]}`} aria-hidden="true" />
                  {label} {gb(result.perCard[key])} GB
                </li>
              ))}
            </ul>
            {result.rough.map((r) => (
              <p key={r} className={styles.hint}>
                {ROUGH[r]}
              </p>
            ))}
            <div className={styles.yamlHead}>
              <span>对应的训练配置（节选）</span>
              <button
                type="button"
                className="button button--sm button--secondary"
                onClick={() => {
                  navigator.clipboard?.writeText(yaml).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  );
                }}>
                {copied ? '已复制' : '复制配置'}
              </button>
            </div>
            <pre className={styles.yaml} tabIndex={0} aria-label="对应的训练配置">
              <code>{yaml}</code>
            </pre>
          </>
        )}
      </section>
    </div>
  );
}
