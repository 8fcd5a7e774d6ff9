// Reading what the reader pastes into 训练前检查: a YAML config (or one written as JSON) with the line of each top-level
// key, read as llamafactory-cli reads it (OmegaConf on PyYAML: YAML 1.1 booleans, no tabs outside quotes, comments and
// block scalars);
// a dataset_info.json (whole, or one entry copied out of it) with the line of each entry; and the first lines of a data
// file (JSON Lines or a JSON array, possibly cut off; CSV or text when the entry's file name says so) with the line of
// each record. Pure TypeScript.
import {loadYaml, parseJson} from '../llamafactory/validate';

export type Parsed<T> = {ok: true; value: T; lines: Map<string, number>} | {ok: false; line: number; reason: string};

/** The 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  return text.slice(0, Math.max(0, offset)).split('\n').length;
}

/** The line of each top-level key of a YAML mapping (keys at column 0, quoted or not). */
function yamlKeyLines(text: string): Map<string, number> {
  if (/^\uFEFF?\s*\{/.test(text)) return jsonKeyLines(text);
  const lines = new Map<string, number>();
  // A mapping indented as a whole (pasted from a list) is read as well: its keys are at the first key's indentation.
  const indent = /^\uFEFF?( *)[^\s#]/m.exec(text)?.[1] ?? '';
  text.split('\n').forEach((line, i) => {
    if (!line.startsWith(indent)) return;
    const m = /^\uFEFF?(?:"([^"]+)"|'([^']+)'|([^\s#:'"][^:#]*?))\s*:(?:\s|$)/.exec(line.slice(indent.length));
    const key = m && (m[1] ?? m[2] ?? m[3]);
    if (key && !lines.has(key)) lines.set(key, i + 1);
  });
  return lines;
}

/** The line of each key of the outermost object of a config written as JSON (`{"stage": "sft", …}`), which
 * llamafactory-cli reads too (a .json file, or JSON inside a .yaml file). */
function jsonKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const start = line;
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const key = text.slice(i + 1, j);
      i = j;
      if (depth === 1 && /^\s*:/.test(text.slice(j + 1)) && !lines.has(key)) lines.set(key, start);
    }
  }
  return lines;
}

/** A block scalar's header (`key: |`, `- >-`, `key: &a |2`): the leading spaces, the dashes of sequence items, the key
 * (when there is one) and the explicit indentation. */
const BLOCK_HEADER =
  /^( *)((?:- +)*)((?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"-][^#]*?|-[^\s#][^#]*?) *: +)?(?:[&!]\S* +)*[|>](?:([1-9])[+-]?|[+-]([1-9])?)? *(?:#.*)?$/;

/** The lines of block scalars (`|`, `>`), as PyYAML's scanner reads them (scan_block_scalar): the block's indentation
 * is its explicit indicator, or the spaces of its first non-blank line, at least one more than the column of its node
 * (the key, or the dash of `- |`); a line belongs to it while it has that many spaces (or is blank). The rest of such a
 * line is text, where a tab is read as it is. */
function blockScalarLines(text: string): Set<number> {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const inside = new Set<number>();
  const spaces = (l: string) => /^ */.exec(l)![0].length;
  for (let i = 0; i < lines.length; i++) {
    const m = BLOCK_HEADER.exec(lines[i]!);
    if (!m) continue;
    const [, lead, dashes, key] = m as unknown as [string, string, string, string | undefined];
    const column = lead.length + dashes.length - (key ? 0 : (/- +$/.exec(dashes)?.[0].length ?? 0));
    const explicit = Number(m[4] ?? m[5] ?? 0);
    let indent = explicit ? column + explicit : column + 1;
    if (!explicit) {
      for (let j = i + 1; j < lines.length; j++) {
        indent = Math.max(indent, spaces(lines[j]!));
        if (lines[j]!.trim() !== '' || /\t/.test(lines[j]!)) break;
      }
    }
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      const have = Math.min(indent, spaces(line));
      if (have === line.length) continue; // a blank line
      if (have < indent) break;
      inside.add(j + 1);
    }
    i = j - 1;
  }
  return inside;
}

/** The first tab PyYAML refuses: llamafactory-cli loads the file with OmegaConf, whose PyYAML scanner stops at a tab
 * anywhere but inside a quoted string, a comment or the text of a block scalar ("found character '\t' that cannot start
 * any token"), where js-yaml accepts one after a colon or before a comment. */
function tabAt(text: string): {line: number; column: number} | null {
  const blocks = blockScalarLines(text);
  let line = 1;
  let column = 0;
  let quote: '"' | "'" | null = null;
  let comment = false;
  let previous = '\n';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    column++;
    if (c === '\n') {
      line++;
      column = 0;
      comment = false;
      previous = c;
      continue;
    }
    if (column === 1 && !quote && blocks.has(line)) {
      // The text of a block scalar: skip to the end of the line.
      const end = text.indexOf('\n', i);
      i = (end < 0 ? text.length : end) - 1;
      continue;
    }
    if (comment) continue;
    if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = null;
    } else if (quote === "'") {
      if (c === "'" && text[i + 1] === "'") i++;
      else if (c === "'") quote = null;
    } else if (c === '\t') {
      return {line, column};
    } else if (c === '#' && /[\s]/.test(previous)) {
      comment = true;
    } else if ((c === '"' || c === "'") && /[\s[{,]/.test(previous)) {
      quote = c;
    }
    previous = c;
  }
  return null;
}

/** The line of the bracket or quote a document leaves open (js-yaml notices it lines later). */
function openerLine(text: string): number | null {
  const open: number[] = [];
  let quoteLine: number | null = null;
  let quote: string | null = null;
  let line = 1;
  let previous = '\n';
  let comment = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      comment = false;
      previous = c;
      continue;
    }
    if (comment) continue;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '#' && /\s/.test(previous)) comment = true;
    else if ((c === '"' || c === "'") && /[\s[{,:]/.test(previous)) {
      quote = c;
      quoteLine = line;
    } else if (c === '[' || c === '{') open.push(line);
    else if (c === ']' || c === '}') open.pop();
    previous = c;
  }
  return quote ? quoteLine : (open[0] ?? null);
}

/** Is the text a config written as JSON (`{"stage": "sft", …}`)? LLaMA-Factory v0.9.5 cannot load a .json config
 * file (hparams/parser.py read_args hands a Path to json.load: AttributeError: 'PosixPath' object has no attribute
 * 'read'); saved as .yaml it is read by OmegaConf like any YAML. */
export function isJsonConfig(text: string): boolean {
  const body = text.replace(/^\uFEFF/, '');
  if (!/^\s*\{/.test(body)) return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/** Why PyYAML stops at a tab. */
function tabReason(text: string, tab: {line: number; column: number}): string {
  return isJsonConfig(text)
    ? `第 ${tab.line} 行第 ${tab.column} 个字符是 Tab。JSON 写的配置要存成 .yaml 文件启动（LLaMA-Factory v0.9.5 读不了 .json 配置文件），这时由 PyYAML 读取，引号以外的 Tab 都会报 found character '\\t' that cannot start any token`
    : `第 ${tab.line} 行第 ${tab.column} 个字符是 Tab。LLaMA-Factory 用 PyYAML 读取配置，引号、注释和多行文本（|、>）以外的 Tab 都会报 found character '\\t' that cannot start any token`;
}

/** A YAML document: its value and key lines, or the line and reason it does not parse. */
export function parseYaml(text: string): Parsed<unknown> {
  try {
    const value = loadYaml(text);
    // A config written as JSON is checked too: it has to be saved as .yaml (see isJsonConfig), where PyYAML reads it.
    const tab = tabAt(text);
    if (tab) return {ok: false, line: tab.line, reason: tabReason(text, tab)};
    return {ok: true, value, lines: yamlKeyLines(text)};
  } catch (e) {
    const error = e as {reason?: string; message: string; mark?: {line: number}};
    let line = (error.mark?.line ?? 0) + 1;
    // A tab js-yaml stops at too ("tab characters must not be used in indentation"), or one before its error.
    const tab = tabAt(text);
    if (tab && tab.line <= line) return {ok: false, line: tab.line, reason: tabReason(text, tab)};
    if (/flow collection|quoted scalar/.test(error.reason ?? '')) {
      return {ok: false, line: openerLine(text) ?? line, reason: String(error.reason)};
    }
    // js-yaml notices a line without `key: ` only on the line after it: point at the line that lacks the colon.
    const lines = text.split('\n');
    for (let i = line - 2; i >= 0 && i >= line - 3; i--) {
      const l = lines[i] ?? '';
      if (!l.trim() || l.trim().startsWith('#')) continue;
      // A full-width space (U+3000) after the colon is no space to YAML.
      if (!/:[ \t\r]|:$/.test(l) && !/^\s*-\s/.test(l)) line = i + 1;
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
   * sample written over several lines (an excerpt: as a whole file datasets could not read it); 'csv': a header line
   * and rows (datasets' csv loader, for a .csv file); 'text': one `text` a line (a .txt file). */
  layout: 'lines' | 'array' | 'single' | 'csv' | 'text';
  records: Array<{value: unknown; line: number}>;
  /** A last record cut off by the paste (not a mistake in the file). */
  truncated: boolean;
  /** The text starts with a byte order mark (U+FEFF). */
  bom?: boolean;
}

export type DataProblem =
  | {code: 'object'; line: number; keys: string[]}
  | {code: 'multiline'; line: number}
  | {code: 'json'; line: number; reason: string}
  /** The text is of another kind than the file name says: CSV in a .json file, JSON in a .csv file. */
  | {code: 'kind'; line: number; content: 'csv' | 'json'; file: FileKind}
  /** A .csv file whose rows do not have the header's number of fields. */
  | {code: 'csv-rows'; line: number};

/** How LLaMA-Factory reads the file (extras/constants.py FILEEXT2TYPE, by the file name's extension). */
export type FileKind = 'json' | 'csv' | 'text';

/** The extensions data/loader.py knows: FILEEXT2TYPE.get(ext) is case-sensitive. */
const FILE_EXTENSIONS = ['arrow', 'csv', 'json', 'jsonl', 'parquet', 'txt'];

const extensionOf = (fileName: unknown) => (typeof fileName === 'string' ? /\.(\w+)$/.exec(fileName)?.[1] : undefined);

export function fileKind(fileName: unknown): FileKind | undefined {
  const ext = extensionOf(fileName);
  return ext === 'json' || ext === 'jsonl' ? 'json' : ext === 'csv' ? 'csv' : ext === 'txt' ? 'text' : undefined;
}

/** A file name whose extension is one LLaMA-Factory knows written in other case (`train.CSV`, `data.Json`): the
 * extension as written and as it should be, or null. data/loader.py raises "Allowed file types: …" for it. */
export function extensionCase(fileName: unknown): {written: string; known: string} | null {
  const ext = extensionOf(fileName);
  if (!ext || FILE_EXTENSIONS.includes(ext)) return null;
  const known = FILE_EXTENSIONS.find((e) => e === ext.toLowerCase());
  return known ? {written: ext, known} : null;
}

/** The fields of one CSV line (RFC 4180 quotes), or null when a quoted field runs past the line. */
function csvFields(line: string): Array<string | null> | null {
  const fields: Array<string | null> = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      fields.push(value);
    } else {
      const end = line.indexOf(',', i);
      const raw = line.slice(i, end < 0 ? line.length : end);
      // pandas reads an empty field as NaN, which datasets stores as null.
      fields.push(raw === '' ? null : raw);
      i = end < 0 ? line.length : end;
    }
    if (i >= line.length) return fields;
    if (line[i] !== ',') return null;
    i++;
  }
}

/** A pasted CSV: a header of names and rows of as many fields. */
function parseCsv(text: string): DataSample | null {
  const lines = text
    .split('\n')
    .map((l, i) => ({l: l.replace(/\r$/, ''), n: i + 1}))
    .filter(({l}) => l.trim());
  const header = lines[0] && csvFields(lines[0].l);
  if (!header || header.length < 2 || header.some((h) => !h || /[{}[\]]/.test(h))) return null;
  const records: DataSample['records'] = [];
  let truncated = false;
  for (const [index, {l, n}] of lines.slice(1).entries()) {
    const fields = csvFields(l);
    if (!fields || fields.length !== header.length) {
      if (index === lines.length - 2 && records.length) {
        truncated = true;
        break;
      }
      return null;
    }
    records.push({value: Object.fromEntries(header.map((h, k) => [h, fields[k]])), line: n});
  }
  return records.length ? {layout: 'csv', records, truncated} : null;
}

/** The first lines of a data file, read as LLaMA-Factory reads a file of this kind; without one, JSON, or CSV when
 * the text is a header line and rows. */
export function parseData(text: string, kind?: FileKind): DataSample | DataProblem {
  const bom = text.startsWith('\uFEFF');
  const body = bom ? text.slice(1) : text;
  if (kind === 'text') {
    const records = body
      .split('\n')
      .map((l, i) => ({value: {text: l.replace(/\r$/, '')}, line: i + 1}))
      .filter(({value}) => value.text.trim());
    return {layout: 'text', records, truncated: false, bom};
  }
  const first = body.trim()[0];
  const json = first === '{' || first === '[';
  const firstLine = lineAt(body, body.indexOf(first ?? ''));
  const csv = json ? null : parseCsv(body);
  if (kind === 'csv') {
    if (csv) return {...csv, bom};
    return json ? {code: 'kind', line: firstLine, content: 'json', file: 'csv'} : {code: 'csv-rows', line: firstLine};
  }
  if (csv) return kind === 'json' ? {code: 'kind', line: firstLine, content: 'csv', file: 'json'} : {...csv, bom};
  const parsed = parseJsonData(body);
  return 'code' in parsed ? parsed : {...parsed, bom};
}

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

/** The first lines of a JSON data file: its records, or why LLaMA-Factory (datasets' json loader) cannot read it. */
function parseJsonData(text: string): DataSample | DataProblem {
  const trimmed = text.trim();
  const first = lineAt(text, text.indexOf(trimmed[0] ?? ''));
  // Several lines that are each a JSON array (a conversation's turns a line): JSON Lines of arrays, not one array.
  const lineArrays = text
    .split('\n')
    .map((l, i) => ({l, n: i + 1}))
    .filter(({l}) => l.trim());
  if (lineArrays.length > 1 && lineArrays.every(({l}) => /^\s*\[.*\]\s*,?\s*$/.test(l))) {
    try {
      const records = lineArrays.map(({l, n}) => ({value: JSON.parse(l.trim().replace(/,$/, '')) as unknown, line: n}));
      return {layout: 'lines', records, truncated: false};
    } catch {
      /* not JSON Lines of arrays */
    }
  }
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
