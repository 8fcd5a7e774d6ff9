// Reading what the reader pastes into 训练前检查: a YAML config with the line of each top-level key, a
// dataset_info.json (whole, or one entry copied out of it) with the line of each entry, and the first lines of a data
// file (JSON Lines or a JSON array, possibly cut off) with the line of each record. Pure TypeScript.
import yaml from 'js-yaml';
import {parseJson} from '../llamafactory/validate';

export type Parsed<T> = {ok: true; value: T; lines: Map<string, number>} | {ok: false; line: number; reason: string};

/** The 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  return text.slice(0, Math.max(0, offset)).split('\n').length;
}

/** The line of each top-level key of a YAML mapping (keys at column 0, quoted or not). */
function yamlKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    const m = /^(?:"([^"]+)"|'([^']+)'|([^\s#:'"][^:#]*?))\s*:(?:\s|$)/.exec(line);
    const key = m && (m[1] ?? m[2] ?? m[3]);
    if (key && !lines.has(key)) lines.set(key, i + 1);
  });
  return lines;
}

/** A YAML document: its value and key lines, or the line and reason it does not parse. */
export function parseYaml(text: string): Parsed<unknown> {
  try {
    return {ok: true, value: yaml.load(text), lines: yamlKeyLines(text)};
  } catch (e) {
    const error = e as {reason?: string; message: string; mark?: {line: number}};
    let line = (error.mark?.line ?? 0) + 1;
    // js-yaml notices a line without `key: ` only on the line after it: point at the line that lacks the colon.
    const lines = text.split('\n');
    for (let i = line - 2; i >= 0 && i >= line - 3; i--) {
      const l = lines[i] ?? '';
      if (!l.trim() || l.trim().startsWith('#')) continue;
      if (!/:(\s|$)/.test(l) && !/^\s*-\s/.test(l)) line = i + 1;
      break;
    }
    return {ok: false, line, reason: String(error.reason ?? error.message).split('\n')[0]!};
  }
}

/** The line a JSON.parse error points at (V8 says "at position N" or "(line L column C)"). */
function jsonErrorLine(text: string, message: string): number {
  const line = /line (\d+) column/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  return position ? lineAt(text, Number(position[1])) : 1;
}

/** The line of each entry name in a dataset_info.json (`"name": {`). */
function entryLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    const m = /^\s*\{?\s*"((?:[^"\\]|\\.)+)"\s*:\s*\{/.exec(line);
    if (m && !lines.has(m[1]!)) lines.set(m[1]!, i + 1);
  });
  return lines;
}

/** A pasted dataset_info.json: the whole file, or entries copied out of it without the outer braces
 * (`"name": {...}`, as pages show one entry). */
export function parseDatasetInfo(text: string): Parsed<Record<string, unknown>> {
  let parsed = parseJson(text);
  if ('error' in parsed && parsed.error !== undefined) {
    const wrapped = parseJson(`{${text.trim().replace(/,\s*$/, '')}}`);
    if (!('error' in wrapped && wrapped.error !== undefined)) parsed = wrapped;
  }
  if ('error' in parsed && parsed.error !== undefined) {
    return {ok: false, line: jsonErrorLine(text, parsed.error), reason: parsed.error};
  }
  const value = parsed.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return {ok: false, line: 1, reason: 'not-object'};
  }
  return {ok: true, value: value as Record<string, unknown>, lines: entryLines(text)};
}

export interface DataSample {
  /** 'lines': one JSON value a line (JSON Lines); 'array': a JSON array (a cut-off end is fine); 'single': one
   * sample written over several lines (an excerpt: as a whole file datasets could not read it). */
  layout: 'lines' | 'array' | 'single';
  records: Array<{value: unknown; line: number}>;
  /** A last record cut off by the paste (not a mistake in the file). */
  truncated: boolean;
}

export type DataProblem =
  | {code: 'object'; line: number; keys: string[]}
  | {code: 'multiline'; line: number}
  | {code: 'json'; line: number; reason: string};

/** Complete top-level values of a JSON array that may be cut off: each with its line. */
function arrayItems(text: string): {items: Array<{value: unknown; line: number}>; rest: boolean} | {error: number} {
  const items: Array<{value: unknown; line: number}> = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  const open = text.indexOf('[');
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      if (depth === 0 && start < 0) start = i;
    } else if (c === '{' || c === '[') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}' || c === ']') {
      if (depth === 0) return {items, rest: false};
      depth--;
      if (depth === 0) {
        const chunk = text.slice(start, i + 1);
        try {
          items.push({value: JSON.parse(chunk), line: lineAt(text, start)});
        } catch {
          return {error: lineAt(text, start)};
        }
        start = -1;
      }
    }
  }
  return {items, rest: start >= 0 || depth > 0};
}

/** Fields of a sample record (not of a turn of a conversation): an object of arrays of these is an object of records. */
const SAMPLE_FIELDS = ['instruction', 'output', 'conversations', 'messages', 'prompt', 'response', 'chosen', 'text'];

/** The first lines of a data file: its records, or why LLaMA-Factory (datasets' json loader) cannot read it. */
export function parseData(text: string): DataSample | DataProblem {
  const trimmed = text.trim();
  const first = lineAt(text, text.indexOf(trimmed[0] ?? ''));
  if (trimmed.startsWith('[')) {
    const whole = parseJson(trimmed);
    if (!('error' in whole && whole.error !== undefined) && Array.isArray(whole.value)) {
      const found = arrayItems(text);
      if ('items' in found && found.items.length === whole.value.length) {
        return {layout: 'array', records: found.items, truncated: false};
      }
      return {layout: 'array', records: whole.value.map((value) => ({value, line: first})), truncated: false};
    }
    const found = arrayItems(text);
    if ('error' in found) return {code: 'json', line: found.error, reason: 'record'};
    return {layout: 'array', records: found.items, truncated: found.rest};
  }
  const lines = text.split('\n');
  const records: Array<{value: unknown; line: number}> = [];
  const nonEmpty = lines.map((l, i) => ({l, n: i + 1})).filter(({l}) => l.trim());
  for (const [index, {l, n}] of nonEmpty.entries()) {
    try {
      records.push({value: JSON.parse(l), line: n});
    } catch (e) {
      const last = index === nonEmpty.length - 1;
      // One object spread over several lines: the file is neither JSON Lines nor an array.
      if (/^\s*\{\s*$/.test(l) || (records.length === 0 && /^\s*\{/.test(l) && !/\}\s*,?\s*$/.test(l))) {
        const whole = parseJson(trimmed);
        if (!('error' in whole && whole.error !== undefined) && whole.value && typeof whole.value === 'object') {
          if (!Array.isArray(whole.value)) {
            const value = whole.value as Record<string, unknown>;
            const keys = Object.keys(value);
            // One sample pretty-printed: an excerpt of a file (as pages show one record), read as that record.
            if (SAMPLE_FIELDS.some((k) => k in value)) {
              return {layout: 'single', records: [{value, line: first}], truncated: false};
            }
            return {code: 'object', line: first, keys};
          }
        }
        return {code: 'multiline', line: n};
      }
      if (last && records.length > 0 && !/\}\s*$/.test(l)) return {layout: 'lines', records, truncated: true};
      return {code: 'json', line: n, reason: (e as Error).message};
    }
  }
  if (records.length === 1 && lines.filter((l) => l.trim()).length === 1) {
    const value = records[0]!.value;
    // A whole file that is one object of records ({"train": [...]}) rather than records.
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = Object.values(value);
      const sampleLike = (x: unknown) =>
        !!x && typeof x === 'object' && SAMPLE_FIELDS.some((k) => k in (x as Record<string, unknown>));
      if (inner.length && inner.every((v) => Array.isArray(v) && v.length > 0 && v.every(sampleLike))) {
        return {code: 'object', line: records[0]!.line, keys: Object.keys(value)};
      }
    }
  }
  return {layout: 'lines', records, truncated: false};
}
