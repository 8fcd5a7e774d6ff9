// The validation set (measurements.json): published measurements of real fine-tuning runs, each with its link, what it
// measures, the hardware and the setup in the estimator's URL keys, and the estimate's error on each. The unit test
// (tests/unit/estimator-validation.test.ts) holds the estimate to it and the page's accuracy table is built from it,
// so the accuracy the page states is always the current function's. Pure TypeScript.
import data from './measurements.json';
import {CUDA_CONTEXT_GIB, estimate, fitsOn, GIB, HEADROOM, type Method} from './estimate';
import {describeError, fromQuery, parseValues} from './form';

export interface Source {
  title: string;
  /** The source as the page names it (Chinese). */
  label: string;
  url: string;
  hardware: string;
  /** Memory of one card of that hardware (GiB), unless an entry says otherwise. */
  cardGiB: number;
  /** What the figure is: the tool, and per card or summed. */
  measures: string;
  /** `GB`: 10⁹ bytes; `GiB`: 1024³ bytes. */
  unit: 'GB' | 'GiB';
  /** `fixed`: every step has the setup's tokens (padding to the cutoff, or packing): the setups say `packing=1`;
   * `varied`: samples of many lengths, the figure a high-water mark over all of them: the setups leave packing off. */
  lengths: 'fixed' | 'varied';
  /** The figure leaves out the CUDA context (`torch.cuda.max_memory_reserved`): compared with the estimate less
   * CUDA_CONTEXT_GIB. */
  excludesContext: boolean;
  notes: string[];
}

export interface Measurement {
  source: string;
  /** Where in the source: table, row and column, or the script and its comment. */
  where: string;
  /** The setup as the estimator's query string (`model=…&method=…`; `liger=1` for Liger kernel). */
  setup: string;
  /** Peak memory per card, in the source's unit (a multi-card sum divided by the card count). */
  measured: number;
  /** `fit`: used to choose the estimate's constants; `test`: only checked. */
  use: 'fit' | 'test';
  /** The source's figure for all cards together, when it gives a sum. */
  cardsTotal?: number;
  /** The run used the whole card: its need is at least the card (counted in the fits check, not in the error). */
  filled?: boolean;
  url?: string;
  hardware?: string;
  cardGiB?: number;
}

export const SOURCES = data.sources as Record<string, Source>;
export const MEASUREMENTS = data.entries as Measurement[];

export interface Checked {
  measurement: Measurement;
  source: Source;
  method: Method;
  measuredGiB: number;
  /** The estimate, made comparable with the figure (less the CUDA context where the figure leaves it out). */
  estimateGiB: number;
  /** estimate / measured − 1. */
  error: number;
  /** The estimator's verdict on the run's own card (Estimate.fits, for that card). */
  fits: boolean;
  /** The run needed more than its card (it filled the card, or the figure exceeds it). */
  overCard: boolean;
}

/** Every measurement with the current estimate. Throws for a setup the estimator rejects. */
export function checkAll(measurements: Measurement[] = MEASUREMENTS): Checked[] {
  return measurements.map((m) => {
    const source = SOURCES[m.source];
    if (!source) throw new Error(`measurements.json: ${m.where}: unknown source "${m.source}"`);
    const {setup, errors} = parseValues(fromQuery(m.setup));
    if (!setup) {
      const [field, error] = Object.entries(errors)[0]!;
      throw new Error(`measurements.json: ${m.where}: ${field}: ${describeError(error)}`);
    }
    const card = m.cardGiB ?? source.cardGiB;
    const est = estimate(setup, card);
    const total = est.totalGiB;
    const measuredGiB = source.unit === 'GB' ? (m.measured * 1e9) / GIB : m.measured;
    const estimateGiB = total - (source.excludesContext ? CUDA_CONTEXT_GIB : 0);
    return {
      measurement: m,
      source,
      method: setup.method,
      measuredGiB,
      estimateGiB,
      error: estimateGiB / measuredGiB - 1,
      fits: fitsOn(est.needGiB, card),
      overCard: Boolean(m.filled) || measuredGiB > card,
    };
  });
}

/** The q-quantile (0–1) of values, interpolating between neighbours. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
}

export interface Summary {
  /** Measurements, and those in the error figures (all but runs that filled their card). */
  count: number;
  compared: number;
  /** Median of estimate / measured − 1: below 0 the estimate reads low. */
  medianError: number;
  medianAbsError: number;
  p90AbsError: number;
  /** Runs the estimate read low by more than the headroom (estimate < (1 − HEADROOM) × measured). */
  underHeadroom: number;
  /** Runs the estimator says fit on their card while they needed more than it. */
  fitsButOver: number;
}

export function summarize(rows: Checked[]): Summary {
  const compared = rows.filter((r) => !r.measurement.filled);
  const abs = compared.map((r) => Math.abs(r.error));
  return {
    count: rows.length,
    compared: compared.length,
    medianError: quantile(
      compared.map((r) => r.error),
      0.5,
    ),
    medianAbsError: quantile(abs, 0.5),
    p90AbsError: quantile(abs, 0.9),
    underHeadroom: compared.filter((r) => r.error < -HEADROOM).length,
    fitsButOver: rows.filter((r) => r.fits && r.overCard).length,
  };
}
