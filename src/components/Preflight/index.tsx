// 训练前检查 (guide/Train/preflight): four plain text boxes (the training YAML, a dataset_info.json entry, the first
// lines of the data file, the card count) and the findings of src/preflight under them, as the reader types (after a
// short pause) or on 检查. Nothing leaves the browser. Before hydration, and without JavaScript, the page says the
// tool needs it.
import {useEffect, useId, useMemo, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {preflight, ROLE_NAMES, type Box, type Finding, type Input, type Severity} from '@site/src/preflight/check';
import type {Converted} from '@site/src/preflight/convert';
import styles from './styles.module.css';

/** How long typing pauses before the findings follow it. */
const DEBOUNCE_MS = 300;

const EMPTY: Input = {yaml: '', datasetInfo: '', data: '', cards: ''};

const SEVERITY: Record<Severity, string> = {error: '问题', warning: '注意', info: '说明', ok: '通过'};
const BOX: Record<Box, string> = {yaml: 'YAML', datasetInfo: 'dataset_info.json', data: '数据', cards: '卡数'};

/** Shows `code` spans written with backticks in a finding's text. */
function Text({text}: {text: string}): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 2 ? <code key={i}>{part.slice(1, -1)}</code> : part,
    );
}

function clip(text: string, max = 160): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function Sample({sample}: {sample: Converted}): ReactNode {
  const rows: Array<[string, string, string]> = [];
  if (sample.system) rows.push(['system', ROLE_NAMES.system!, sample.system]);
  sample.prompt.forEach((t) => rows.push(['prompt', ROLE_NAMES[t.role] ?? t.role, t.content]));
  const pair = sample.response.length === 2;
  sample.response.forEach((t, i) =>
    rows.push([
      pair ? `response（${i ? 'rejected' : 'chosen'}）` : 'response',
      ROLE_NAMES[t.role] ?? t.role,
      t.content,
    ]),
  );
  if (!rows.length) return null;
  return (
    <table className={styles.sample}>
      <thead>
        <tr>
          <th scope="col">部分</th>
          <th scope="col">角色</th>
          <th scope="col">内容</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([part, role, content], i) => (
          <tr key={i}>
            <td>{part}</td>
            <td>{role}</td>
            <td>{content ? clip(content) : <em>（空）</em>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FindingItem({finding}: {finding: Finding}): ReactNode {
  const where = finding.line ? `${BOX[finding.box]} 第 ${finding.line} 行` : BOX[finding.box];
  return (
    <li className={`${styles.finding} ${styles[finding.severity]}`} data-finding={finding.id}>
      <p className={styles.head}>
        <span className={styles.badge}>{SEVERITY[finding.severity]}</span>
        <span className={styles.where}>{where}</span>
      </p>
      <p className={styles.title}>
        <Text text={finding.title} />
      </p>
      <p>
        <Text text={finding.why} />
      </p>
      {finding.sample && <Sample sample={finding.sample} />}
      {finding.fix && (
        <p>
          改法：
          <Text text={finding.fix} />
        </p>
      )}
      <p>
        详见：<Link to={finding.link.to}>{finding.link.label}</Link>
      </p>
    </li>
  );
}

function summary(findings: Finding[]): string {
  const count = (s: Severity) => findings.filter((f) => f.severity === s).length;
  const errors = count('error');
  const warnings = count('warning');
  if (!errors && !warnings) return '没有发现问题。下面是本页核对过的内容。';
  return [errors ? `${errors} 个问题` : '', warnings ? `${warnings} 条需要注意` : ''].filter(Boolean).join('，') + '。';
}

export default function Preflight(): ReactNode {
  const base = useId();
  const ready = useIsBrowser();
  const [input, setInput] = useState<Input>(EMPTY);
  const [checked, setChecked] = useState<Input>(EMPTY);

  useEffect(() => {
    const timer = window.setTimeout(() => setChecked(input), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  const findings = useMemo(() => preflight(checked), [checked]);

  if (!ready) {
    return (
      <div className={styles.preflight} data-preflight="static">
        <p>
          训练前检查需要启用 JavaScript：检查在你的浏览器里进行，粘贴的内容不会上传。没有 JavaScript
          时，可以对照下面各节逐项自查。
        </p>
      </div>
    );
  }

  const id = (name: string) => `${base}-${name}`;
  const field = (name: keyof Input, label: string, hint: string, rows: number) => (
    <div className={styles.field}>
      <label htmlFor={id(name)}>{label}</label>
      <span id={id(`${name}-hint`)} className={styles.hint}>
        {hint}
      </span>
      <textarea
        id={id(name)}
        name={name}
        rows={rows}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        aria-describedby={id(`${name}-hint`)}
        value={input[name] ?? ''}
        onChange={(e) => setInput({...input, [name]: e.target.value})}
      />
    </div>
  );
  const empty = !checked.yaml.trim() && !checked.data?.trim();

  return (
    <div className={styles.preflight} data-preflight="ready">
      <form
        className={styles.form}
        aria-label="训练前检查"
        onSubmit={(e) => {
          e.preventDefault();
          setChecked(input);
        }}>
        {field('yaml', '训练配置（YAML）', '粘贴 llamafactory-cli train 用的整份 YAML。', 14)}
        {field('datasetInfo', 'dataset_info.json', '可选：粘贴整个文件，或其中你的数据集那一条。', 6)}
        {field('data', '数据', '可选：粘贴数据文件的前几行（JSON Lines 或 JSON 数组的开头）。', 6)}
        <div className={`${styles.field} ${styles.cards}`}>
          <label htmlFor={id('cards')}>卡数</label>
          <span id={id('cards-hint')} className={styles.hint}>
            可选：实例的 GPU 卡数（1 到 8）。
          </span>
          <input
            id={id('cards')}
            name="cards"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={id('cards-hint')}
            value={input.cards ?? ''}
            onChange={(e) => setInput({...input, cards: e.target.value})}
          />
        </div>
        <button type="submit" className="button button--primary">
          检查
        </button>
      </form>
      <section className={styles.result} aria-label="检查结果">
        <p role="status" aria-live="polite" className={styles.summary}>
          {empty ? '粘贴训练配置后，检查结果显示在这里。' : summary(findings)}
        </p>
        {!empty && (
          <ol className={styles.findings}>
            {findings.map((f, i) => (
              <FindingItem key={`${f.id}-${i}`} finding={f} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
