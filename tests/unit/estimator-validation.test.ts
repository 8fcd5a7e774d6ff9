// The GPU-memory estimator against published measurements of real fine-tuning runs (src/estimator/measurements.json):
// every entry is well formed and traceable, and the estimate meets the accuracy the page states (issue #37).
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {estimate, LOGIT_BYTES, GIB} from '../../src/estimator/estimate';
import {fromQuery, parseValues} from '../../src/estimator/form';
import {checkAll, MEASUREMENTS, quantile, SOURCES, summarize, type Checked} from '../../src/estimator/validation';

const rows = checkAll();
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

describe('estimator validation set', () => {
  it('has at least 40 measurements from at least three sources, each traceable', () => {
    assert.ok(MEASUREMENTS.length >= 40, `${MEASUREMENTS.length} measurements`);
    assert.ok(new Set(MEASUREMENTS.map((m) => m.source)).size >= 3);
    for (const [id, s] of Object.entries(SOURCES)) {
      assert.match(s.url, /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\//, `${id}: a permalink`);
      assert.ok(s.measures && s.hardware && s.cardGiB > 0 && s.notes.length, id);
    }
    const seen = new Set<string>();
    for (const m of MEASUREMENTS) {
      assert.ok(SOURCES[m.source], `${m.where}: source`);
      assert.ok(m.use === 'fit' || m.use === 'test', `${m.where}: use`);
      assert.ok(m.measured > 0, `${m.where}: measured`);
      if (m.url) assert.match(m.url, /^https:\/\//, m.where);
      const key = `${m.source} ${m.where}`;
      assert.ok(!seen.has(key), `${key}: twice`);
      seen.add(key);
    }
  });

  it('every setup is written in the estimator’s URL keys and the estimator accepts it', () => {
    for (const m of MEASUREMENTS) {
      const keys = [...new URLSearchParams(m.setup).keys()];
      const values = fromQuery(m.setup);
      assert.ok(parseValues(values).setup, m.where);
      assert.ok(keys.includes('method') && keys.includes('cutoff') && keys.includes('batch'), m.where);
    }
  });

  it('the whole set: median error ≤ 10 %, 90th percentile ≤ 25 % (issue #37)', (t) => {
    const s = summarize(rows);
    t.diagnostic(
      `${s.count} measurements, ${s.compared} compared: median ${pct(s.medianAbsError)}, 90th percentile ${pct(s.p90AbsError)}`,
    );
    assert.ok(s.medianAbsError <= 0.1, pct(s.medianAbsError));
    assert.ok(s.p90AbsError <= 0.25, pct(s.p90AbsError));
  });

  it('runs whose lengths vary and runs with fixed lengths each meet the same targets', (t) => {
    for (const lengths of ['fixed', 'varied'] as const) {
      const s = summarize(rows.filter((r) => r.source.lengths === lengths));
      t.diagnostic(`${lengths}: ${s.count} measurements, median ${pct(s.medianAbsError)}, p90 ${pct(s.p90AbsError)}`);
      assert.ok(s.medianAbsError <= 0.1, `${lengths}: median ${pct(s.medianAbsError)}`);
      assert.ok(s.p90AbsError <= 0.25, `${lengths}: p90 ${pct(s.p90AbsError)}`);
    }
  });

  it('a setup says packing=1 exactly when its source has fixed lengths', () => {
    for (const r of rows) {
      const packed = new URLSearchParams(r.measurement.setup).get('packing') === '1';
      assert.equal(packed, r.source.lengths === 'fixed', r.measurement.where);
    }
  });

  it('no run that needed more than its card is one the estimator says fits (with its headroom)', () => {
    const wrong = rows.filter((r) => r.fits && r.overCard).map((r) => r.measurement.where);
    assert.deepEqual(wrong, []);
    assert.ok(rows.filter((r) => r.overCard).length >= 4, 'the set has runs that filled their card');
  });

  it('per source and per method (diagnostics)', (t) => {
    const line = (label: string, subset: Checked[]) => {
      const s = summarize(subset);
      t.diagnostic(
        `${label}: n=${s.count}, median ${pct(s.medianError)}, |median| ${pct(s.medianAbsError)}, p90 ${pct(s.p90AbsError)}, ` +
          `low by more than the headroom ${s.underHeadroom}`,
      );
    };
    for (const id of Object.keys(SOURCES))
      line(
        id,
        rows.filter((r) => r.measurement.source === id),
      );
    for (const method of new Set(rows.map((r) => r.method)))
      line(
        method,
        rows.filter((r) => r.method === method),
      );
    for (const use of ['fit', 'test'])
      line(
        use,
        rows.filter((r) => r.measurement.use === use),
      );
    assert.ok(quantile([1, 2, 3], 0.5) === 2 && quantile([0, 10], 0.9) === 9);
  });

  it('Liger kernel takes the logits off: the difference is LOGIT_BYTES per token and vocabulary entry', () => {
    const {setup} = parseValues(fromQuery('model=qwen2.5-7b-instruct&method=lora&cutoff=8192&batch=1'));
    const off = estimate(setup!);
    const on = estimate({...setup!, liger: true});
    const expected = (8192 * 152064 * LOGIT_BYTES) / GIB;
    assert.ok(Math.abs(off.perCard.activations - on.perCard.activations - expected) < 1e-9);
  });
});
