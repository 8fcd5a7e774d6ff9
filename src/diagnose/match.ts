// 报错诊断 (docs/documents/problems/diagnose.md): finds the known messages in a pasted log and the error that ended
// the run. Pure code, no DOM: the page runs it in slices (src/components/Diagnose), the unit tests run it in Node
// (tests/unit/diagnose.test.ts), the build runs it over the site's own quotes (src/diagnose/data.ts).
//
// A known message is a template with `{}` for each formatted part. It matches a line when its literal segments occur
// in order: each segment is found with indexOf, the next one no more than GAP characters after the previous one
// (a segment of SHORT_LETTERS letters or more may be any distance after it: a module's repr or a dumped value printed
// over many lines sits between two parts of one message, and that many letters in order are evidence enough). The
// search for a segment never goes back: the first occurrence after a position is remembered, and the positions a
// template's segments are looked for from only grow, so one template costs O(line length × segments) on any line,
// however it is built (tests/unit/diagnose.test.ts feeds 100 kB adversarial lines). Prefix regexes use only bounded
// repeats.

/** What the build writes (src/plugins/diagnose-data.ts) and the page loads. */
export interface DiagnoseData {
  /** [name, version, URL of the source tree at that version ('' for none)]. */
  projects: [string, string, string][];
  /** Sections of this site that explain a message: [url, title]. */
  sections: [string, string][];
  /** [template, sources ([project index, file:line or '']), indices of the sections that quote it]. */
  messages: [string, [number, string][], number[]][];
}

export type Level = 'error' | 'warning' | 'info';

/** One line of a log, its stream tag and log prefix taken off. */
export interface LogLine {
  /** The line without `[rank0]:`, `(EngineCore_DP0 pid=1)`, vLLM's `INFO 11-26 10:00:00 [x.py:1] ` and the like. */
  text: string;
  /** Which process printed it: `rank0`, `EngineCore_DP0 pid=1`, or ''. */
  stream: string;
  /** The level its shape says (log level, exception, `error:`), or null. */
  level: Level | null;
}

/** Most characters a placeholder stands for between two literal segments. */
export const GAP = 400;
/** Fewer literal letters than this: the template explains nothing (check:docs uses the same floor). */
export const MIN_LETTERS = 8;
/** Fewer literal letters than this: the template must be the whole message of its line, not a part of it. */
export const SHORT_LETTERS = 16;

// Terminal control sequences in a log saved from a terminal (`script`, a redirected vLLM log): colours and other CSI
// sequences (ESC [ … m), and OSC ones such as the window title a shell prompt sets (ESC ] … BEL).
const ESC = String.fromCharCode(27);
const BEL = String.fromCharCode(7);
const ANSI = new RegExp(`${ESC}(?:\\[[0-9;?]{0,20}[A-Za-z]|\\][^${BEL}${ESC}]{0,500}(?:${BEL}|${ESC}\\\\))`, 'g');
// `[rank0]:` (torchrun), `[default0]:` (torchrun --tee).
const RANK_TAG = /^\[(?:rank|default)(\d{1,6})\]: ?/;
// `(EngineCore_DP0 pid=123) `, `(APIServer pid=1) `, `(VllmWorker TP0 pid=7) `, `(RayWorkerWrapper pid=9, ip=10.0.0.1) `,
// and earlier vLLM's `(VllmWorker rank=2 pid=8) `.
const PROCESS_TAG = /^\(([A-Za-z_][\w =-]{0,40}? pid=\d{1,10})(?:, ip=[\w.:]{1,40})?\) ?/;
// vLLM's logger: `INFO 11-26 10:00:00 [core.py:708] ` (every line of a multi-line message carries it).
const VLLM_PREFIX = /^(DEBUG|INFO|WARNING|ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})? \[[^\]]{0,200}\] ?/;
// glog, torch.distributed.elastic: `W1126 10:00:00.123000 4321 torch/distributed/run.py:793] `.
const GLOG_PREFIX = /^([IWEF])\d{4} \d\d:\d\d:\d\d\.\d{1,9} {1,8}\d{1,10} [^\]\s]{1,400}\] ?/;
// c10: `[E ProcessGroupNCCL.cpp:632] `, `[W1126 10:00:00.123456 ProcessGroupNCCL.cpp:1250] `.
const C10_PREFIX = /^\[([IWEF])(?:\d{4} \d\d:\d\d:\d\d\.\d{1,9} (?:\d{1,10} )?| )[^\]\s]{1,200}\] ?/;
const GLOG_LEVEL: Record<string, Level> = {I: 'info', W: 'warning', E: 'error', F: 'error'};
// A timestamp a log collector or `ts` put in front (`2025-11-26T10:00:00.123Z stdout F `, `2025-11-26 10:00:00 | `).
const TIMESTAMP =
  /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)? (?:(?:stdout|stderr) [FP] |\| )?/;
// The same in brackets (`ts '[%Y-%m-%d %H:%M:%S]'`, DeepSpeed's logger), and `ts`'s own `Nov 26 10:00:00 `.
const STAMP = /^(?:\[\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?\]|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d) /;

// Shapes that give a line its level; none of them is taken off the line (templates match inside the line).
const BRACKET_LEVEL = /^\[(INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL)\b/; // LLaMA-Factory, transformers
const DEEPSPEED_LEVEL = /^\[\d{4}-\d\d-\d\d [\d:,.]{8,15}\] \[(INFO|WARNING|ERROR)\]/;
const WORD_LEVEL = /^(INFO|WARNING|WARN|ERROR|CRITICAL|DEBUG|FATAL)\b/; // pip, uvicorn, Python logging
const ERRNO = /^\[Errno \d{1,5}\] /; // an OSError's text on its own (uvicorn, asyncio)
const EXCEPTION = /^(?:[A-Za-z_]\w{0,100}\.){0,12}([A-Za-z_]\w{0,100})(?::(?: |$)|$)/;
const EXCEPTION_NAME = /(?:Error|Exception|Interrupt|Exit|Failure|Fault|Warning)$/;
const PY_WARNING = /^[^\s:]{1,400}:\d{1,7}: [A-Z]\w{0,60}Warning: /;
const TOOL_ERROR = /^(?:[\w.-]{1,60}: )?(?:fatal|error)(?: error)?: /i;
const TOOL_WARNING = /^(?:[\w.-]{1,60}: )?warning: /;
const FAILURES = [
  ': command not found',
  'Connection refused',
  'Connection timed out',
  'Permission denied',
  'No such file or directory',
  'Could not resolve hostname',
  'Host key verification failed',
];
// The same failures in a Chinese locale: bash, coreutils and the C library (strerror, strsignal) print their zh_CN
// translations. A line is levelled and matched as if it held the English text; its own text is what the page shows.
const LOCALISED: [string, string][] = [
  ['未找到命令', 'command not found'],
  ['没有那个文件或目录', 'No such file or directory'],
  ['权限不够', 'Permission denied'],
  ['拒绝连接', 'Connection refused'],
  ['连接超时', 'Connection timed out'],
  ['设备上没有空间', 'No space left on device'],
  ['已杀死', 'Killed'],
];
const HAN = /[\u4e00-\u9fff]/;
// The box Python draws around the exceptions of an ExceptionGroup (anyio, starlette: API servers): `  | `, nested deeper.
const GROUP_BOX = /^ {2,40}\| ?/;
// bash's report of a background job the kernel killed: `[1]+  Killed      nohup llamafactory-cli train …`.
const JOB_KILLED = /^\[\d{1,4}\][+-]? {1,8}(Killed|已杀死)(?: {2}|\s*$)/;

/** The line with the shell's and C library's Chinese messages in English (see LOCALISED). */
export function delocalise(text: string): string {
  if (!HAN.test(text)) return text;
  for (const [zh, en] of LOCALISED) if (text.includes(zh)) text = text.replaceAll(zh, en);
  return text;
}

function levelOf(text: string): Level | null {
  // Cheap tests first: most lines of a training log are progress bars and metrics.
  const first = text.charCodeAt(0);
  const bracket =
    first === 91
      ? (BRACKET_LEVEL.exec(text) ?? DEEPSPEED_LEVEL.exec(text))
      : first <= 90
        ? WORD_LEVEL.exec(text)
        : null;
  if (bracket) {
    const word = bracket[1]!;
    return word.startsWith('WARN') ? 'warning' : /^(?:ERROR|CRITICAL|FATAL)$/.test(word) ? 'error' : 'info';
  }
  if (first === 91 && ERRNO.test(text)) return 'error';
  const exception = EXCEPTION.exec(text);
  if (exception && EXCEPTION_NAME.test(exception[1]!)) return exception[1]!.endsWith('Warning') ? 'warning' : 'error';
  if (text.includes('arning: ') && (PY_WARNING.test(text) || TOOL_WARNING.test(text))) return 'warning';
  if ((text.includes('rror') && TOOL_ERROR.test(text)) || (text.includes('atal') && TOOL_ERROR.test(text))) {
    return 'error';
  }
  if (text.startsWith('Killed') && /^Killed\s*$/.test(text)) return 'error';
  // The shell's and ssh's failures: `bash: x: command not found`, `ssh: connect to host … Connection refused`.
  if (text.length < 500 && FAILURES.some((f) => text.includes(f))) return 'error';
  return null;
}

/** Takes a raw log line apart: timestamps, stream tags and the vLLM, glog and c10 prefixes off, its level from its
 * shape. */
export function prepareLine(raw: string): LogLine {
  let text = raw.includes(String.fromCharCode(27)) ? raw.replace(ANSI, '') : raw;
  let stream = '';
  let level: Level | null = null;
  for (let i = 0; i < 4; i++) {
    // Every prefix starts with `[`, `(`, a capital letter or a year.
    const first = text.charCodeAt(0);
    if (first >= 48 && first <= 57) {
      const stamp = TIMESTAMP.exec(text);
      if (!stamp) break;
      text = text.slice(stamp[0].length);
      continue;
    }
    if (first !== 91 && first !== 40 && !(first >= 65 && first <= 90)) break;
    let m = STAMP.exec(text);
    if (m) {
      text = text.slice(m[0].length);
      continue;
    }
    m = RANK_TAG.exec(text);
    if (m) {
      stream = `rank${m[1]}`;
      text = text.slice(m[0].length);
      continue;
    }
    m = PROCESS_TAG.exec(text);
    if (m) {
      stream = m[1]!;
      text = text.slice(m[0].length);
      continue;
    }
    m = VLLM_PREFIX.exec(text);
    if (m) {
      const word = m[1]!;
      level = word === 'WARNING' ? 'warning' : word === 'ERROR' || word === 'CRITICAL' ? 'error' : 'info';
      text = text.slice(m[0].length);
      continue;
    }
    m = GLOG_PREFIX.exec(text) ?? C10_PREFIX.exec(text);
    if (m) {
      level = GLOG_LEVEL[m[1]!]!;
      text = text.slice(m[0].length);
      continue;
    }
    break;
  }
  const job = text.charCodeAt(0) === 91 ? JOB_KILLED.exec(text) : null;
  if (job) text = job[1]!;
  const box = text.charCodeAt(0) === 32 ? GROUP_BOX.exec(text) : null;
  if (box) text = text.slice(box[0].length);
  // A traceback logged by vLLM is all ERROR lines: its frames (indented) take no level from the prefix.
  return {text, stream, level: levelOf(delocalise(text.trimStart())) ?? (/^\s/.test(text) ? null : level)};
}

interface Template {
  id: number;
  segments: string[];
  /** For each segment: it may be any distance after the previous one (it has SHORT_LETTERS letters or more). */
  far: boolean[];
  /** The template starts or ends with a placeholder. */
  lead: boolean;
  trail: boolean;
  letters: number;
}

export interface Matcher {
  data: DiagnoseData;
  templates: Template[];
  /** Templates by the word each must contain (its rarest whole word): a line is tried only on its words' templates. */
  byWord: Map<string, Template[]>;
  /** Literal letters of each message (0 for those left out). */
  letters: Int32Array;
}

const WORD = /[A-Za-z0-9_]+/g;
const isWordChar = (c: string | undefined) => c !== undefined && /\w/.test(c);
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The template's literal segments ('{}' splits), white space collapsed. */
export function segmentsOf(template: string): {segments: string[]; lead: boolean; trail: boolean} {
  const parts = normalise(template).split('{}');
  return {
    segments: parts.filter((p) => p !== ''),
    lead: parts[0] === '',
    trail: parts[parts.length - 1] === '',
  };
}

/** Whole words of the template: not cut by a placeholder, at least 3 characters, with a letter. */
function wholeWords(t: Pick<Template, 'segments' | 'lead' | 'trail'>): string[] {
  const words: string[] = [];
  t.segments.forEach((segment, i) => {
    const openBefore = i > 0 || t.lead;
    const openAfter = i < t.segments.length - 1 || t.trail;
    for (const m of segment.matchAll(WORD)) {
      const word = m[0];
      if (word.length < 3 || !/[A-Za-z]/.test(word)) continue;
      if (openBefore && m.index === 0) continue;
      if (openAfter && m.index + word.length === segment.length) continue;
      words.push(word);
    }
  });
  return words;
}

/** Compiles the known messages: their segments, and an index by each one's rarest whole word. */
export function compile(data: DiagnoseData): Matcher {
  const parsed = data.messages.map(([text], id) => {
    const {segments, lead, trail: open} = segmentsOf(text);
    const letters = segments.join('').replace(/[^A-Za-z]/g, '').length;
    // A value can be longer than GAP only at the end of a message (a dumped sample, a list of keys): a last segment of
    // punctuation after it (`… tokens in {}.`) is not looked for, unless the template must be its line's whole message.
    const tail = segments.length > 1 && !open && letters >= SHORT_LETTERS && !/\w/.test(segments.at(-1)!);
    if (tail) segments.pop();
    const far = segments.map((x) => x.replace(/[^A-Za-z]/g, '').length >= SHORT_LETTERS);
    const t: Template = {id, segments, far, lead, trail: open || tail, letters};
    return {t, words: [...new Set(wholeWords(t))]};
  });
  const frequency = new Map<string, number>();
  for (const {words} of parsed) for (const w of words) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const templates: Template[] = [];
  const byWord = new Map<string, Template[]>();
  const letters = new Int32Array(data.messages.length);
  for (const {t, words} of parsed) {
    // A template with no placeholder is a whole line (`Killed`): fewer letters are enough.
    const floor = t.lead || t.trail || t.segments.length > 1 ? MIN_LETTERS : MIN_LETTERS - 2;
    if (t.letters < floor || !words.length) continue;
    const anchor = words.reduce((best, w) => {
      const d = frequency.get(w)! - frequency.get(best)!;
      return d < 0 || (d === 0 && w.length > best.length) ? w : best;
    });
    templates.push(t);
    letters[t.id] = t.letters;
    const list = byWord.get(anchor) ?? [];
    list.push(t);
    byWord.set(anchor, list);
  }
  return {data, templates, byWord, letters};
}

/** Where a message must start when its template is short: the line's start or after `: `, `>> `, `] `. */
function messageStart(s: string, p: number): boolean {
  if (p === 0) return true;
  const before = s.slice(Math.max(0, p - 3), p);
  return before.endsWith(': ') || before.endsWith('>> ') || before.endsWith('] ');
}

/**
 * Does the template occur in `s` (white space collapsed)? Tries each occurrence of the first segment; the later
 * segments are looked up in `next`, which remembers for each segment its first occurrence after the last position
 * asked: those positions never decrease from one try to the next, so each segment's text is scanned once.
 */
export function matches(t: Template, s: string): boolean {
  const {segments} = t;
  const k = segments.length;
  const found = new Array<number>(k).fill(-2);
  const next = (i: number, from: number) => {
    const known = found[i]!;
    if (known === -1 || known >= from) return known;
    const at = s.indexOf(segments[i]!, from);
    found[i] = at;
    return at;
  };
  const first = segments[0]!;
  const last = segments[k - 1]!;
  const short = t.letters < SHORT_LETTERS;
  for (let from = 0; ;) {
    const p = next(0, from);
    if (p < 0) return false;
    from = p + 1;
    if (!t.lead && isWordChar(first[0]) && isWordChar(s[p - 1])) continue;
    if (short && !t.lead && !messageStart(s, p)) continue;
    let end = p + first.length;
    let ok = true;
    for (let i = 1; i < k; i++) {
      const q = next(i, end);
      if (q < 0) return false;
      if (q - end > GAP && !t.far[i]) {
        ok = false;
        break;
      }
      end = q + segments[i]!.length;
    }
    if (!ok) continue;
    if (!t.trail && isWordChar(last[last.length - 1]) && isWordChar(s[end])) continue;
    if (short && !t.trail && (s.length - end > 3 || !/^[\s.。!]*$/.test(s.slice(end)))) continue;
    return true;
  }
}

/** Is the character code a word character ([A-Za-z0-9_])? */
function wordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** The known message a line holds (the one with the most literal letters), or -1. `stamp` dedupes candidates. */
export function matchLine(matcher: Matcher, line: string, seen?: Int32Array, stamp = 0): number {
  const text = delocalise(line);
  let normal: string | null = null;
  let best: Template | null = null;
  // The line's words, scanned by hand: a regex's match objects cost more than the lookups.
  for (let i = 0, n = text.length; i < n;) {
    if (!wordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && wordCode(text.charCodeAt(i))) i++;
    if (i - start < 3) continue;
    const candidates = matcher.byWord.get(text.slice(start, i));
    if (!candidates) continue;
    for (const t of candidates) {
      if (seen) {
        if (seen[t.id] === stamp) continue;
        seen[t.id] = stamp;
      }
      if (best && (t.letters < best.letters || (t.letters === best.letters && t.id > best.id))) continue;
      normal ??= normalise(text);
      if (matches(t, normal)) best = t;
    }
  }
  return best ? best.id : -1;
}

/** One known message found in the log, or the unknown error that ended the run. */
export interface Finding {
  /** Index into data.messages, or -1 for an error line no known message matches. */
  message: number;
  /** Its first line in the log (prefix taken off, trimmed). */
  text: string;
  /** 1-based line numbers, the first MAX_LINES of them. */
  lines: number[];
  count: number;
  level: Level;
  /** The error that ended the run (first in the list). */
  fatal: boolean;
  /** For an unknown error that ended the run: a known exception it led to (index into data.messages), or -1. */
  via: number;
}

export interface Diagnosis {
  findings: Finding[];
  /** Lines read. */
  lines: number;
}

const MAX_LINES = 20;
/** How far before a traceback raised from a subprocess's failure its output is searched for the error. */
const SUBPROCESS_LINES = 60;
const TRACEBACK_LINE = 'Traceback (most recent call last):';
const CHAINED =
  /^(?:The above exception was the direct cause of the following exception:|During handling of the above exception, another exception occurred:)/;
const ROOT_CAUSE = /^Root Cause \(first observed failure\):/;
// Python's report of an exception nothing could raise (a destructor, an atexit hook at shutdown): `Exception ignored in:
// <function …>`, `Exception ignored in atexit callback: …`, and before 3.11 `Error in atexit._run_exitfuncs:`. The run
// was already ending, or goes on: what follows is not why it ended.
const UNRAISABLE = /^(?:Exception ignored\b|Error in atexit\._run_exitfuncs:)/;
// A shell prompt after the output (`(lf) root@host:/workspace# `): the command's output has ended.
const PROMPT = /^(?:\([\w.-]{1,60}\) )?[\w.-]{1,64}@[\w.-]{1,64}:[^\s#$]{0,400}[#$](?: |$)/;
// An exception line whose message visibly goes on: nothing after the name, or an open bracket, colon or comma at the end.
const OPEN_END = /(?:^[\w.]{1,200}:|[:([{,])$/;
/** Most lines and characters an exception's message is followed over (a module's repr, a multi-line error text). */
const MESSAGE_LINES = 40;
const MESSAGE_CHARS = 4000;
const ROOT_RANK = /^\s{0,8}rank\s{0,8}: (\d{1,6})/;
// Wrappers, and the exceptions of a run stopped from outside (Ctrl+C, a signal to torchrun): the error that made it
// stop, if the log shows one, is elsewhere.
const WRAPPER_NAMES =
  /(?:^|\.)(?:ChildFailedError|CalledProcessError|EngineDeadError|ProcessRaisedException|KeyboardInterrupt|SignalException)$/;
// `See root cause above`, `See stack trace (above) for the root cause`, `please check the stack trace above for the root
// cause`, vLLM's `See stack trace for root cause` (a worker failed to start).
const WRAPPER_TEXT =
  /root cause above|(?:see|check)\b[^.]{0,40}\b(?:stack ?trace|traceback|logs?)\b[^.]{0,20}\bfor (?:the )?root cause/i;
// A class name, not a log level (`INFO:     127.0.0.1:5123 - "GET …"` after a traceback).
const CLASS_NAME = /(?:^|\.)[A-Z_][A-Z0-9_]*[a-z]\w*$/;

/** An exception a traceback ended with. */
interface Raised {
  line: number;
  /** The line of the `Traceback (most recent call last):` it ends. */
  start: number;
  stream: string;
  name: string;
  text: string;
  /** The exception it was raised from or while handling (printed before it). */
  inner: Raised | null;
  /** Reported as ignored (after `Exception ignored in: …`): it did not end the run. */
  ignored: boolean;
}

/** Wrappers only report that something else failed: torchrun, subprocess, vLLM's engine client. */
export function isWrapper(name: string, text: string): boolean {
  return WRAPPER_NAMES.test(name) || WRAPPER_TEXT.test(text);
}

interface StreamState {
  /** Indentation of the traceback being read (pip indents a build's output), -1 outside one. */
  indent: number;
  /** The line that traceback started on. */
  start: number;
  last: Raised | null;
  chained: Raised | null;
  /** The traceback being read follows `Exception ignored in: …`. */
  ignored: boolean;
  /** The stream's last line that was not blank. */
  previous: string;
}

/**
 * The line `i` of `raw` (already prepared as `first`) with the lines that continue its message: Python prints an
 * exception's newlines, so its message can go on over the next lines. Same stream, up to a blank line, a line with a log
 * level, a new traceback or chain, or a shell prompt.
 */
export function joinMessage(raw: string[], i: number, first: LogLine = prepareLine(raw[i]!)): string {
  let text = first.text.trim();
  for (let j = i + 1; j < Math.min(raw.length, i + MESSAGE_LINES) && text.length < MESSAGE_CHARS; j++) {
    const next = prepareLine(raw[j]!);
    const t = next.text.trim();
    if (next.stream !== first.stream || !t || next.level || t.startsWith(TRACEBACK_LINE) || CHAINED.test(t)) break;
    if (PROMPT.test(t)) break;
    text += ` ${t}`;
  }
  return text;
}

/** Reads a log in steps, so a page can yield between them. */
export class LogReader {
  private readonly raw: string[];
  private readonly seen: Int32Array;
  private readonly byMessage = new Map<number, Finding>();
  private readonly texts: string[] = [];
  private readonly levels: (Level | null)[] = [];
  private readonly lineStreams: string[] = [];
  private readonly raised: Raised[] = [];
  /** Exception lines matched together with the lines that continue their message. */
  private readonly wholeText = new Map<number, string>();
  private readonly streams = new Map<string, StreamState>();
  private readonly matched: Int32Array;
  private rootRank: string | null = null;
  private rootCauseAt = -1;
  private index = 0;

  constructor(
    private readonly matcher: Matcher,
    text: string,
  ) {
    this.raw = text.split(/\r\n|\r|\n/);
    this.seen = new Int32Array(matcher.data.messages.length).fill(-1);
    this.matched = new Int32Array(this.raw.length).fill(-1);
  }

  /** Reads lines until `stop()` says so (it is asked every 256 lines); true once every line is read. */
  read(stop: () => boolean = () => false): boolean {
    while (this.index < this.raw.length) {
      const end = Math.min(this.raw.length, this.index + 256);
      for (; this.index < end; this.index++) this.readLine(this.index);
      if (stop()) break;
    }
    return this.index >= this.raw.length;
  }

  private readLine(i: number) {
    const line = prepareLine(this.raw[i]!);
    this.texts.push(line.text);
    this.levels.push(line.level);
    this.lineStreams.push(line.stream);
    const kind = this.trace(i, line);
    // A traceback's frames are source code, not messages.
    if (kind === 'frame' || line.text.length < 3) return;
    let id = matchLine(this.matcher, line.text, this.seen, i);
    let text = line.text.trim();
    if (kind === 'raised' && !this.wrapperLine(i)) {
      // An exception's message may go on over the next lines (Python prints its newlines): match it whole too.
      const whole = this.message(i, line);
      const other = whole === text ? -1 : matchLine(this.matcher, whole, this.seen, -2 - i);
      if (other >= 0 && (id < 0 || this.matcher.letters[other]! > this.matcher.letters[id]!)) {
        id = other;
        text = whole;
        this.wholeText.set(i, whole);
      }
    }
    if (id < 0) return;
    this.matched[i] = id;
    const level = line.level ?? 'info';
    const known = this.byMessage.get(id);
    if (!known) {
      this.byMessage.set(id, {message: id, text, lines: [i + 1], count: 1, level, fatal: false, via: -1});
      return;
    }
    known.count++;
    if (known.lines.length < MAX_LINES) known.lines.push(i + 1);
    if (rank(level) < rank(known.level)) known.level = level;
  }

  /** An exception line with the lines that continue its message (see joinMessage). */
  private message(i: number, line: LogLine = prepareLine(this.raw[i]!)): string {
    return joinMessage(this.raw, i, line);
  }

  /**
   * Follows tracebacks per stream: each one's exception, and what it was chained to. Says whether the line is part
   * of a traceback's frames ('frame') or the exception a traceback ends with ('raised').
   */
  private trace(i: number, {text, stream}: LogLine): 'frame' | 'raised' | null {
    let state = this.streams.get(stream);
    if (!state) {
      state = {indent: -1, start: -1, last: null, chained: null, ignored: false, previous: ''};
      this.streams.set(stream, state);
    }
    const body = text.charCodeAt(0) === 32 || text.charCodeAt(0) === 9 ? text.trimStart() : text;
    const lead = text.length - body.length;
    const previous = state.previous;
    if (body) state.previous = body;
    if (text.includes('Traceback (')) {
      // A progress bar redrawn with \r can leave the traceback's first line at its end.
      const start = body.startsWith(TRACEBACK_LINE) ? lead : text.trimEnd().endsWith(TRACEBACK_LINE) ? 0 : -1;
      if (start >= 0) {
        state.indent = start;
        state.start = i;
        // A chained traceback belongs to the report the first one of its chain belongs to.
        state.ignored = state.chained ? state.chained.ignored : UNRAISABLE.test(previous);
        return 'frame';
      }
    }
    if ((body.startsWith('The above') || body.startsWith('During handling')) && CHAINED.test(body)) {
      state.chained = state.last;
      return null;
    }
    if (body.startsWith('Root Cause') && ROOT_CAUSE.test(body)) this.rootCauseAt = i;
    else if (this.rootCauseAt >= 0 && i - this.rootCauseAt < 12) {
      const m = ROOT_RANK.exec(text);
      if (m) {
        this.rootRank = `rank${m[1]}`;
        this.rootCauseAt = -1;
      }
    }
    if (state.indent < 0) return null;
    if (!body || lead > state.indent) return 'frame';
    state.indent = -1;
    const m = EXCEPTION.exec(body);
    const name = m ? body.slice(0, m[0].replace(/:\s?$/, '').length) : '';
    if (!m || !CLASS_NAME.test(name)) return null;
    const raised: Raised = {
      line: i,
      start: state.start,
      stream,
      name,
      text: body,
      inner: state.chained,
      ignored: state.ignored,
    };
    state.chained = null;
    state.last = raised;
    this.raised.push(raised);
    return 'raised';
  }

  /**
   * The line of the error that ended the run, and the chain of exceptions it belongs to (innermost first): the last
   * exception that is not a wrapper and was not reported as ignored, followed to the innermost one it was raised from
   * that says something (on the rank torchrun names as the first failure, if it names one); without one, the last error
   * line; -1 when the log shows no error.
   */
  rootCause(): {line: number; chain: Raised[]} {
    const chainOf = (r: Raised): Raised[] => {
      const chain: Raised[] = [];
      for (let x: Raised | null = r; x; x = x.inner) chain.unshift(x);
      return chain;
    };
    const order = [...this.raised].reverse();
    if (this.rootRank) order.sort((a, b) => Number(b.stream === this.rootRank) - Number(a.stream === this.rootRank));
    for (const r of order) {
      if (r.ignored) continue;
      const whole = chainOf(r);
      const chain = whole.filter((x) => !isWrapper(x.name, x.text));
      if (!chain.length) continue;
      // An exception with no message (`StopIteration` from a lookup the library caught) explains nothing when one
      // raised while handling it does.
      while (chain.length > 1 && this.silent(chain[0]!)) chain.shift();
      // Raised from a wrapper (`raise RuntimeError(…) from CalledProcessError`, a build whose compiler failed): the
      // subprocess printed its own error just before that traceback.
      const printed = isWrapper(whole[0]!.name, whole[0]!.text) ? this.errorBefore(whole[0]!) : -1;
      return {line: printed >= 0 ? printed : chain[0]!.line, chain};
    }
    // Only wrappers (a worker killed without a traceback): a known message in the last wrapper's report (torchrun's
    // `traceback : Signal 9 (SIGKILL) …`), whether or not a traceback led to the wrapper; then the last error line,
    // known ones first; then the wrapper itself.
    const wrappers = this.texts.map((_, i) => i).filter((i) => this.levels[i] === 'error' && this.wrapperLine(i));
    for (const w of wrappers.reverse()) {
      for (let i = Math.min(this.texts.length, w + 24) - 1; i > w; i--) {
        if (this.matched[i]! >= 0) return {line: i, chain: []};
      }
    }
    const ignored = new Set(this.raised.filter((r) => r.ignored).map((r) => r.line));
    const errors = this.texts
      .map((_, i) => i)
      .filter((i) => this.levels[i] === 'error' && !this.wrapperLine(i) && !ignored.has(i));
    const known = errors.filter((i) => this.matched[i]! >= 0);
    return {line: known.at(-1) ?? errors.at(-1) ?? order[0]?.line ?? -1, chain: []};
  }

  /** Does the exception say nothing but its name (`StopIteration`, `AssertionError` from a bare assert)? */
  private silent(r: Raised): boolean {
    const rest = r.text.slice(r.name.length).replace(/^:/, '').trim();
    return !rest && this.message(r.line) === r.text.trim();
  }

  /** The error line a subprocess printed before the traceback of `r` (same stream, a known message first), or -1. */
  private errorBefore(r: Raised): number {
    let found = -1;
    for (let i = r.start - 1; i >= Math.max(0, r.start - SUBPROCESS_LINES); i--) {
      if (this.lineStreams[i] !== r.stream || this.levels[i] !== 'error' || this.wrapperLine(i)) continue;
      if (this.matched[i]! >= 0) return i;
      if (found < 0) found = i;
    }
    return found;
  }

  private wrapperLine(i: number): boolean {
    const text = this.texts[i]!.trimStart();
    const m = EXCEPTION.exec(text);
    return m !== null && isWrapper(text.slice(0, m[0].replace(/:\s?$/, '').length), text);
  }

  /** The findings: the error that ended the run first, then errors, warnings and the rest, each in log order. */
  result(): Diagnosis {
    const findings = [...this.byMessage.values()].map((f) => ({...f, lines: [...f.lines]}));
    const {line: root, chain} = this.rootCause();
    if (root >= 0) {
      const id = this.matched[root]!;
      // An exception no known message matches: its whole message, when it visibly goes on over the next lines (an open
      // end, or a next line in lower case or indented: yaml's `found character …`); not a server's next output.
      const first = this.texts[root]!.trim();
      const next = this.texts[root + 1] ?? '';
      const goesOn = OPEN_END.test(first) || /^(?:\s|[a-z])/.test(next);
      const raised = id < 0 && goesOn && chain.some((r) => r.line === root);
      const text = this.wholeText.get(root) ?? (raised ? this.message(root) : first);
      let fatal = findings.find((f) => f.message === id && id >= 0);
      if (!fatal) {
        fatal = {message: -1, text, lines: [root + 1], count: 1, level: 'error', fatal: true, via: -1};
        // An unknown root cause: the known exception it led to, whose sections may explain it.
        const led = chain.map((r) => this.matched[r.line]!).filter((m) => m >= 0);
        fatal.via = led.find((m) => this.matcher.data.messages[m]![2].length) ?? led[0] ?? -1;
        findings.push(fatal);
      }
      fatal.fatal = true;
      fatal.level = 'error';
      fatal.text = text;
    }
    findings.sort(
      (a, b) => Number(b.fatal) - Number(a.fatal) || rank(a.level) - rank(b.level) || a.lines[0]! - b.lines[0]!,
    );
    return {findings, lines: this.raw.length};
  }
}

const rank = (level: Level) => (level === 'error' ? 0 : level === 'warning' ? 1 : 2);

/** Diagnoses a whole log at once (tests, small logs). */
export function diagnose(matcher: Matcher, text: string): Diagnosis {
  const reader = new LogReader(matcher, text);
  reader.read();
  return reader.result();
}

/** The longest query the site search takes (src/search/shared/limits.ts has the same cap). */
export const QUERY_CAP = 64;

/**
 * A line as a site-search query: LLaMA-Factory's logger prefix, paths, URLs and memory addresses out, an exception's
 * module path off, cut to QUERY_CAP characters at a word boundary.
 */
export function searchQuery(line: string): string {
  let q = line
    // LLaMA-Factory's logger prefix: `[INFO|2025-11-26 10:02:22] llamafactory.model.adapter:324 >> `.
    .replace(/^\[[A-Z]{4,8}\|[^\]\n]{0,40}\] [\w.]{1,200}:\d{1,6} >> /, '')
    .replace(/\b[a-z][\w+.-]{0,20}:\/\/\S{0,2000}/gi, ' ')
    .replace(/(?:^|(?<=[\s'"(<=]))(?:~|\.{1,2})?(?:\/[^\s'"(),:;<>/]{1,300}){1,64}\/?/g, ' ')
    .replace(/\b0x[0-9a-f]{4,}\b/gi, ' ')
    .replace(/^(?:[A-Za-z_]\w{0,100}\.){1,12}(?=[A-Z]\w{0,100}(?::|$))/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (q.length <= QUERY_CAP) return q;
  q = q.slice(0, QUERY_CAP + 1);
  const cut = q.search(/\s\S*$/);
  return (cut > QUERY_CAP / 2 ? q.slice(0, cut) : q.slice(0, QUERY_CAP)).trim();
}

/** The address of a message's source at its pinned version, or null (no source tree, or `at` is not a file). */
export function sourceUrl(data: DiagnoseData, [project, at]: [number, string]): string | null {
  const base = data.projects[project]?.[2];
  const m = /^([\w./-]+\.(?:py|c|cc|cpp|h|rs))(?::(\d+))?$/.exec(at);
  if (!base || !m) return null;
  return `${base}${m[1]}${m[2] ? `#L${m[2]}` : ''}`;
}
