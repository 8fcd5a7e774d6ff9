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
} from '@site/src/estimator/estimate';
import {
  CUSTOM,
  fromQuery,
  parseValues,
  toQuery,
  yamlFor,
  type Field,
  type FieldError,
  type FormValues,
} from '@site/src/estimator/form';
import {MODELS} from '@site/src/estimator/models';
import styles from './styles.module.css';
import {
  barLabel,
  bestChangeText,
  CHANGE_LABELS,
  errorMessage,
  invalidModel,
  keepMethodText,
  LABELS,
  legendItem,
  METHOD_LABELS,
  needCards,
  PART_LABELS,
  perCardDetail,
  perCardHeadline,
  ROUGH,
  ZERO_LABELS,
} from './strings';

const PARTS: Array<keyof Breakdown> = ['weights', 'gradients', 'optimizer', 'activations', 'overhead'];

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
  error?: FieldError;
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
          {errorMessage(error)}
        </span>
      )}
    </div>
  );
}

export default function GpuEstimator(): ReactNode {
  const base = useId();
  const [values, setValues] = useState<FormValues | null>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');

  useEffect(() => {
    setValues(fromQuery(window.location.search));
  }, []);

  const parsed = useMemo(() => (values ? parseValues(values) : null), [values]);

  if (!values || !parsed) {
    return (
      <div className={styles.estimator} data-estimator="static">
        <p>{LABELS.noScript}</p>
      </div>
    );
  }

  const set = (field: Field, value: string) => {
    const next = {...values, [field]: value};
    setValues(next);
    setCopied('no');
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
      <form className={styles.form} aria-label={LABELS.form} onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>{LABELS.modelGroup}</legend>
          {select('model', LABELS.model, [
            ...MODELS.map((m): [string, string] => [m.id, m.name]),
            [CUSTOM, LABELS.custom],
            // A shared link may name a model that is not (or no longer) offered: show it, so choosing any model fires.
            ...(values.model === CUSTOM || MODELS.some((m) => m.id === values.model)
              ? []
              : [[values.model, invalidModel(values.model)] as [string, string]]),
          ])}
          {custom && (
            <div className={styles.grid}>
              {text('params', LABELS.params)}
              {text('active', LABELS.active)}
              {text('layers', LABELS.layers)}
              {text('hidden', LABELS.hidden)}
              {text('heads', LABELS.heads)}
              {text('kvHeads', LABELS.kvHeads)}
              {text('vocab', LABELS.vocab)}
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend>{LABELS.methodGroup}</legend>
          <div className={styles.grid}>
            {select('method', LABELS.method, Object.entries(METHOD_LABELS))}
            {adapter && text('rank', LABELS.rank)}
            {adapter &&
              select('target', LABELS.target, [
                ['all', LABELS.targetAll],
                ['qv', 'q_proj,v_proj'],
              ])}
            {select('precision', LABELS.precision, [
              ['bf16', LABELS.precisionBf16],
              ['pure_bf16', 'pure_bf16'],
            ])}
          </div>
        </fieldset>
        <fieldset>
          <legend>{LABELS.trainingGroup}</legend>
          <div className={styles.grid}>
            {text('cutoff', LABELS.cutoff)}
            {text('batch', LABELS.batch)}
            {text('cards', LABELS.cards, LABELS.cardsHint)}
            {select('zero', LABELS.zero, Object.entries(ZERO_LABELS))}
          </div>
          {(values.zero === 'z2' || values.zero === 'z3') && check('offload', LABELS.offload)}
          {check('gc', LABELS.gc)}
          {check('liger', LABELS.liger)}
          {check('packing', LABELS.packing)}
        </fieldset>
      </form>

      <section className={styles.result} aria-label={LABELS.result}>
        <div role="status" aria-live="polite" className={styles.summary}>
          {result && setup ? (
            <>
              <p>
                <strong>{perCardHeadline(gb(result.totalGiB), result.fits ? LABELS.fits : LABELS.doesNotFit)}</strong>
                {perCardDetail(setup.cards, gb(CARD_GIB), gb(LIMIT_GIB), gb(result.needGiB))}
              </p>
              <p>
                {need !== null
                  ? needCards(need)
                  : change
                    ? `${bestChangeText(CHANGE_LABELS[change.kind], change.cards!)}${keep ? keepMethodText(CHANGE_LABELS[keep.kind], keep.cards!) : ''}`
                    : LABELS.nothingFits}
              </p>
            </>
          ) : (
            <p>{LABELS.fixInput}</p>
          )}
        </div>
        {result && (
          <>
            <div className={styles.bar} role="img" aria-label={barLabel(gb(result.totalGiB))}>
              {PARTS.map((key) => (
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
              {PARTS.map((key) => (
                <li key={key}>
                  <span className={`${styles.swatch} ${styles[key]}`} aria-hidden="true" />
                  {legendItem(PART_LABELS[key], gb(result.perCard[key]))}
                </li>
              ))}
            </ul>
            {result.rough.map((r) => (
              <p key={r} className={styles.hint}>
                {ROUGH[r]}
              </p>
            ))}
            <div className={styles.yamlHead}>
              <span>{LABELS.yaml}</span>
              <button
                type="button"
                className="button button--sm button--secondary"
                onClick={() => {
                  const write = navigator.clipboard?.writeText(yaml) ?? Promise.reject(new Error('no clipboard'));
                  write.then(
                    () => setCopied('yes'),
                    () => setCopied('failed'),
                  );
                }}>
                {copied === 'yes' ? LABELS.copied : LABELS.copy}
              </button>
            </div>
            {copied === 'failed' && (
              <p className={styles.hint} role="alert">
                {LABELS.copyFailed}
              </p>
            )}
            <pre className={styles.yaml} tabIndex={0} aria-label={LABELS.yamlLabel}>
              <code>{yaml}</code>
            </pre>
            {setup?.zero === 'z1' && <p className={styles.hint}>{LABELS.zero1}</p>}
          </>
        )}
      </section>
    </div>
  );
}
