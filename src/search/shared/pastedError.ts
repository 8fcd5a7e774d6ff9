// What a pasted log or traceback is about: the line that ended the run (issue #38). Shared by the search paste
// handler (src/clientModules/searchPaste.ts), which searches that line, and by anything else that needs the fatal
// line of a log. Pure functions, no DOM.
//
// A line's own prefixes go first: ANSI colours, `[rank0]:` and `[default0]:` (torchrun), vLLM's process tags
// (`(EngineCore_DP0 pid=123)`) and log headers (`ERROR 11-26 10:00:00 [core.py:700]`), glog's (`E1126 10:00:00.1 42
// api.py:869]`), LLaMA-Factory's (`[INFO|2025-11-26 10:00:00] llamafactory.x:12 >>`) and timestamped ones. Then each
// line is weighed: an exception line (`torch.OutOfMemoryError: …`, a traceback's last line) above an error line
// (`ERROR: …`, `bash: x: command not found`, `Killed`), and both above what only reports another failure: wrappers
// (torchrun's ChildFailedError, subprocess.CalledProcessError, vLLM's EngineDeadError, "see root cause above") and
// consequences in other processes (SIGTERM sent to the other ranks, NCCL watchdogs, broken pipes). Among equals the
// later line wins: in a chain of exceptions the last one is the message the reader sees and the docs quote.
import {MAX_QUERY_LENGTH} from './limits';

// eslint-disable-next-line no-control-regex -- the escape character starts an ANSI colour code
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const LEVELS = 'DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL';
/** Prefixes a line may carry, in any order, each taken off the start of the line (group 1: a log level, if any). */
const PREFIXES: RegExp[] = [
  // One space after a prefix, no more: a traceback's frames keep their indentation.
  /^\[(?:rank|default)\d+\]:\s?/i, // torchrun: [rank0]:
  /^\([^()\n]*\bpid=\d+\)\s?/, // vLLM: (EngineCore_DP0 pid=1234), (VllmWorker TP0 pid=1234), (APIServer pid=1)
  new RegExp(`^(${LEVELS})\\s+\\d\\d-\\d\\d\\s+[\\d:.]+\\s+\\[[^\\]]*\\]\\s?`), // vLLM: ERROR 11-26 10:00:00 [core.py:700]
  /^\[?([IWEF])\d{4}\s+[\d:.]+\s+\d+\s+[^\]\s]*\]\s*/, // glog: E1126 10:00:00.123 1234 api.py:869]
  /^\[([IWEF])\s+[^\]\s]+:\d+\]\s*/, // glog, older: [E ProcessGroupNCCL.cpp:632]
  /^\s*traceback\s+:\s(?=Signal \d)/, // torchrun's report: traceback : Signal 9 (SIGKILL) received by PID 41873
  /^\s*what\(\):\s*/, // a C++ exception: terminate called after throwing …, then what():  CUDA error: …
  new RegExp(`^\\[(${LEVELS})\\|[^\\]]*\\]\\s*(?:[\\w.]+:\\d+\\s*>>\\s*)?`), // LLaMA-Factory: [INFO|2025-…] x.y:12 >>
  // 2025-11-26 10:00:00,123 - ERROR - …, [2025-11-26 10:00:00,123] [ERROR] [launch.py:321:main] …
  new RegExp(
    `^\\[?\\d{4}-\\d\\d-\\d\\d[ T][\\d:.,]+\\]?\\s*(?:-\\s*)?(?:[\\w.]+\\s+-\\s+)?(?:\\[?(${LEVELS})\\]?\\s*[-:]?\\s*)?(?:\\[[\\w.]+:\\d+(?::\\w+)?\\]\\s*)?`,
  ),
];

/** One line of a log, its prefixes taken off. */
export interface LogLine {
  /** 0-based line number in the pasted text. */
  index: number;
  /** The line without prefixes and surrounding space. */
  text: string;
  /** Leading spaces after the prefixes (a traceback's frames are indented). */
  indent: number;
  /** The log level a prefix gave, upper case (glog's E is ERROR), or ''. */
  level: string;
}

/** Takes a line's prefixes off. */
export function logLine(raw: string, index = 0): LogLine {
  let rest = raw.replace(ANSI, '').replace(/\r$/, '');
  let level = '';
  for (let changed = true; changed;) {
    changed = false;
    for (const prefix of PREFIXES) {
      const m = prefix.exec(rest);
      if (!m || !m[0]) continue;
      const l = m[1]?.toUpperCase();
      if (l) level = l === 'E' || l === 'F' ? 'ERROR' : l === 'W' ? 'WARNING' : l === 'I' ? 'INFO' : l;
      rest = rest.slice(m[0].length);
      changed = true;
    }
  }
  const text = rest.trim();
  return {index, text, indent: text ? rest.length - rest.trimStart().length : 0, level};
}

/** `pkg.mod.SomethingError: message` (or the name alone). */
const EXCEPTION = /^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Failure|Fault)(?::\s|:?$)/;
/** A traceback's last line: a dotted name, then a colon or nothing. */
const TRACEBACK_END = /^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?::\s|:?$)/;
const WARNING = /^(?:[A-Za-z_]\w*\.)*[A-Z]\w*Warning\b/;
/** Only reports a failure that happened elsewhere. */
const WRAPPER = new RegExp(
  [
    String.raw`\b(?:ChildFailedError|CalledProcessError|EngineDeadError|EngineGenerateError|DatasetGenerationError|ProcessRaisedException|ProcessExitedException|BrokenProcessPool)\b`,
    String.raw`root cause above|see stack trace \(above\)|see above for|Engine ?core initiali[sz]ation failed|EngineCore failed to start`,
    String.raw`returned non-zero exit status|exits with return code|exited with (?:exit )?code|failed \(exitcode: -?\d+\)|did not run successfully`,
    String.raw`subprocess-exited-with-error|metadata-generation-failed|Encountered error while|error originates from a subprocess`,
    String.raw`^SystemExit\b|^\d+ errors? detected in the compilation|^make(?:\[\d+\])?: \*\*\*`,
  ].join('|'),
  'i',
);
/** What other processes print once one has failed. */
const CONSEQUENCE =
  /watchdog|SIGTERM|Signal 15\b|closing signal|Connection reset by peer|Broken pipe|KeyboardInterrupt|\bTerminated\b|Socket ?Timeout|store->get|ncclRemoteError|remote process exited|Exception ignored in/i;
/** An error without a Python traceback: a level or marker, or a phrase that ends runs. */
const ERROR_MARK = /^(?:error|fatal|critical)\b\s*[:!\]]|^E: |^[\w./-]+: (?:error|fatal error):/i;
const ERROR_WORD = /\b(?:ERROR|FATAL|FAILED)\b/;
const ERROR_PHRASE =
  /command not found|permission denied|connection refused|connection timed out|timed out|no such file or directory|segmentation fault|core dumped|\bkilled\b|SIGKILL|out of memory|no space left on device|could not resolve host|name or service not known|host key verification failed|operation not permitted|illegal memory access|device-side assert|undefined symbol|cannot open shared object file|no module named|not found|\berror\b|\bfailed\b|\bunable to\b|\bcannot\b|\bcan't\b/i;

export interface FatalLine extends LogLine {
  /** How telling the line is: 5 an exception, 3 an error, 2 a consequence, 1 a wrapper, 0.5 a warning. */
  weight: number;
}

/** How telling one line is (0: not at all), given whether it ends a traceback and whether it is in an ignored one. */
function weigh(line: LogLine, endsTraceback: boolean, ignored: boolean): number {
  const {text, level} = line;
  if (!text) return 0;
  if (WARNING.test(text) && !EXCEPTION.test(text)) return 0.5;
  const exception = EXCEPTION.test(text) || (endsTraceback && TRACEBACK_END.test(text));
  const error =
    exception ||
    level === 'ERROR' ||
    level === 'CRITICAL' ||
    level === 'FATAL' ||
    (level === '' && (ERROR_MARK.test(text) || ERROR_WORD.test(text))) ||
    (level === '' && line.indent === 0 && ERROR_PHRASE.test(text));
  if (!error) return 0;
  if (WRAPPER.test(text)) return 1;
  if (ignored || CONSEQUENCE.test(text)) return 2;
  if (exception) return 5;
  return 3;
}

/** Every line of a pasted text, prefixes off. */
export function logLines(text: string): LogLine[] {
  return text.split('\n').map((raw, i) => logLine(raw, i));
}

/**
 * The line that ended the run: the last of the most telling lines (see the top of this file), or null when no line is
 * an error or warning.
 */
export function fatalLine(text: string): FatalLine | null {
  const lines = logLines(text);
  let best: FatalLine | null = null;
  let inTraceback = false;
  let ignored = false;
  for (const line of lines) {
    if (/^Traceback \(most recent call last\)/.test(line.text)) {
      inTraceback = true;
      continue;
    }
    if (/^Exception ignored in\b/.test(line.text)) ignored = true;
    // The first line of a traceback indented no more than its header ends it.
    const endsTraceback = inTraceback && line.text !== '' && !/^File "|^\^+$|^~+/.test(line.text) && line.indent === 0;
    const weight = weigh(line, endsTraceback, ignored);
    if (endsTraceback) {
      inTraceback = false;
      if (weight >= 2) ignored = false;
    }
    if (weight > 0 && (!best || weight >= best.weight)) best = {...line, weight};
  }
  return best;
}

/** Paths (absolute, ./ ../ ~/, Windows, or relative with two slashes), with a :line:column after them. */
const PATH = new RegExp(
  '(?:' +
    [
      String.raw`(?<![\w/.:\\-])(?:\.{1,2}|~)?/[^\s/'"\x60,;:()<>\[\]{}]+(?:/[^\s/'"\x60,;:()<>\[\]{}]*)*`,
      String.raw`(?<![\w/.:\\-])[A-Za-z]:\\[^\s'"\x60,;:()<>\[\]{}]+`,
      String.raw`(?<![\w/.:\\-])[\w.-]+(?:/[\w.-]+){2,}/?`,
    ]
      .map((p) => `(?:${p})`)
      .join('|') +
    String.raw`)(?::\d+){0,2}`,
  'g',
);

/** The line without file paths, memory addresses or URLs beyond their host, and without what they leave behind. */
export function withoutPaths(line: string): string {
  return line
    .replace(/\b(https?:\/\/[^\s/'"\x60]+)[^\s'"\x60]*/g, '$1')
    .replace(/\s*\bat 0x[0-9a-f]+/gi, '')
    .replace(/\b0x[0-9a-f]{4,}\b/gi, '')
    .replace(PATH, '')
    .replace(/(['"\x60])\s*\1|\(\s*\)|\[\s*\]|<\s*>|\{\s*\}/g, '')
    .replace(/\s+([,.;:)\]])/g, '$1')
    .replace(/([,:;])(?:\s*[,:;])+/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .replace(/[\s,;:([{-]+$/, '');
}

/** Latin words, numbers, identifiers and paths are not cut; between Han characters and at spaces is a word boundary. */
const WORD_CHAR = /[\p{L}\p{N}_.\-/'"\x60]/u;
const HAN = /\p{Script=Han}/u;

/** The text cut to `max` characters at a word boundary (a single longer word is cut where it reaches `max`). */
export function cutAtWord(text: string, max = MAX_QUERY_LENGTH): string {
  if (text.length <= max) return text;
  for (let i = max; i > 0; i--) {
    const before = text[i - 1]!;
    const after = text[i]!;
    if (
      /\s/.test(after) ||
      /\s/.test(before) ||
      HAN.test(before) ||
      HAN.test(after) ||
      (!WORD_CHAR.test(before) && !WORD_CHAR.test(after))
    ) {
      const cut = text.slice(0, i).replace(/[\s,;:([{-]+$/, '');
      if (cut) return cut;
    }
  }
  return text.slice(0, max);
}

/**
 * The search query for a pasted text: its fatal line (or, when no line is an error, its first non-empty line) without
 * paths and addresses, cut to the query limit at a word boundary.
 */
export function pastedQuery(text: string): string {
  const line = fatalLine(text) ?? logLines(text).find((l) => l.text);
  return cutAtWord(withoutPaths(line?.text ?? ''));
}
