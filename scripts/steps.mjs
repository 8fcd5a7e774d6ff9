// Steps agree within a page (issue #36): what a later code block or command uses must be what an earlier step of the
// same page set up. Each rule applies only when the page shows the step that sets the thing up, so a page whose
// training, server or registration happens elsewhere (LlamaBoard, another page) is not held to it:
// - output folders: an adapter_name_or_path, model_name_or_path or resume_from_checkpoint (YAML, command-line
//   override, --flag, Python, vllm serve, --lora-modules) under /workspace/user-data/models/output/ is the output_dir
//   of an earlier training step, or a checkpoint-N in it, when the page trains into that folder at all (a prediction
//   config's output_dir holds no model);
// - ports: a client URL in code (127.0.0.1:N, localhost:N, 0.0.0.0:N; not the remote end of ssh -L) names a port a
//   server on the page listens on (llamafactory-cli api: API_PORT, default 8000; webui/webchat: GRADIO_SERVER_PORT,
//   default 7860; vllm serve: --port, default 8000; any --port, port:, port=; the local end of ssh -L), when the page
//   starts any server. The server may come later on the page (a script written before the section that starts the
//   service); a kind of server the code never starts counts when prose names it (`llamafactory-cli api`), since
//   pages send readers to the page that starts it;
// - dataset names: a dataset / eval_dataset of a whole config (not a `fragment`), an override or a --flag is
//   registered earlier on the page (a dataset_info.json block, a heredoc, a Python script that writes the file, or
//   prose telling the reader to 注册/登记 `name`), or is a built-in dataset of the pinned release (its
//   data/dataset_info.json), when the page shows any registration;
// - config files: llamafactory-cli train|chat|export|api|webchat X.yaml names a YAML file an earlier step wrote (a
//   block titled X.yaml, a heredoc, a redirect, cp, tee or sed output), when the page shows any YAML file (titled
//   block or heredoc); a command before the first of them that names no file of the page illustrates the syntax;
// - environments: conda activate / source …/bin/activate names an environment an earlier step created (conda create
//   -p/-n, python -m venv, uv venv, virtualenv) or the image's own (/opt/conda/envs/lf), when the page creates any.
// Shell is read the way a reader runs it: continuation lines joined, `for x in a b c` and `VAR=value` expanded (an
// unknown `$VAR` matches anything), heredoc bodies read as the file they write, `sed 's/a/b/' x.yaml > y.yaml` applied
// to x.yaml. Output blocks (text, console …) and `wrong` examples are not steps.
import {basename} from 'node:path';
import yaml from 'js-yaml';
import {toString} from 'mdast-util-to-string';
import {codeBlocks, nodes} from '../src/content';
import {
  OPT_OUT,
  SHELL,
  isDatasetInfo,
  metaTitle,
  metaWords,
  parseJson,
  reference,
} from './llamafactory/code-blocks.mjs';
import {OUTPUT_LANGS} from './llamafactory/messages.mjs';

/** Where training runs write (src/content/conventions.json "outputs"). */
export const OUTPUT_ROOT = '/workspace/user-data/models/output/';

/** The environments the image ships (guide/shili/mirrorList.md): activating them needs no earlier step. */
export const IMAGE_ENVS = ['/opt/conda/envs/lf', 'lf', 'base', '/opt/conda'];

/** The datasets the release registers in its data/dataset_info.json (reference.json `datasetInfo.builtin` when the
 * reference has it; otherwise the demo files under data/, which it registers under their file names). */
export const BUILTIN_DATASETS = new Set([
  ...Object.keys(reference.datasetInfo?.builtin ?? {}),
  ...reference.files
    .filter((f) => /^data\/[^/]+\.(json|jsonl|txt)$/.test(f) && f !== 'data/dataset_info.json')
    .map((f) => basename(f).replace(/\.\w+$/, '')),
]);

/** Default ports (guide/shili/service.md). */
const PORTS = {api: 8000, gradio: 7860, vllm: 8000};

// A part of a value the page leaves open (an unknown `$VAR`, `$(…)`, a Python expression): it matches anything.
const WILD = '\u0000';
const show = (value) => value.replaceAll(WILD, '*');
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (value) => new RegExp(`^${value.split(WILD).map(escape).join('.*')}$`);

/** Whether two values can be the same (either may have open parts). */
export function same(a, b) {
  if (!a.includes(WILD) && !b.includes(WILD)) return a === b;
  return pattern(a).test(b.replaceAll(WILD, '')) || pattern(b).test(a.replaceAll(WILD, ''));
}

const trimSlash = (p) => p.replace(/\/+$/, '');
const list = (items) =>
  items
    .slice(0, 8)
    .map(({value, line}) => `${show(value)} (line ${line})`)
    .join(', ') + (items.length > 8 ? ` and ${items.length - 8} more` : '');

/** Values of a comma-separated list (`dataset: a,b`, `adapter_name_or_path: x,y`). */
const split = (value) =>
  String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

// ---------------------------------------------------------------------------------------------------------------
// Shell: logical lines, words, variables, heredocs

/** Splits a logical shell line into simple commands of words (quotes removed; single-quoted `$` kept literal). */
export function shellCommands(text) {
  const commands = [];
  let words = [];
  let word = '';
  let inWord = false;
  let quote = '';
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += quote === "'" && c === '$' ? '\u0001' : c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '#' && !inWord) break;
    else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) endWord();
    else if (c === ';' || c === '|' || (c === '&' && text[i + 1] !== '>')) {
      if (text[i + 1] === c) i++;
      endCommand();
    } else if (c === '>' || c === '<' || c === '&') {
      endWord();
      let op = c;
      while ('><&-'.includes(text[i + 1] ?? 'x') || (op.endsWith('&') && /\d/.test(text[i + 1] ?? ''))) op += text[++i];
      if (/^[12]$/.test(words.at(-1) ?? '') && !/\s/.test(text[i - op.length] ?? ' ')) op = words.pop() + op;
      words.push(op);
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

/** Expands `$VAR`, `${VAR}` and `$(…)` in a word: one value per combination of the variables' known values. */
export function expand(word, vars) {
  let values = [''];
  const re = /\$\{(\w+)[^}]*\}|\$(\w+)|\$\([^)]*\)|`[^`]*`/g;
  let last = 0;
  for (const m of word.matchAll(re)) {
    const literal = word.slice(last, m.index);
    const name = m[1] ?? m[2];
    const options = name && vars.has(name) ? vars.get(name) : [WILD];
    values = values.flatMap((v) => options.map((o) => v + literal + o)).slice(0, 64);
    last = m.index + m[0].length;
  }
  return values.map((v) => (v + word.slice(last)).replaceAll('\u0001', '$'));
}

const HEREDOC = /<<-?\s*(['"]?)([A-Za-z_]\w*)\1/;

/** A shell block's logical lines ({line, text}, heredoc bodies left out) and heredocs ({line, target, lang, lines}). */
function readShell(lines) {
  const logical = [];
  const heredocs = [];
  for (let i = 0; i < lines.length; i++) {
    const {n, text} = lines[i];
    let joined = text;
    while (/(^|[^\\])\\$/.test(joined) && i + 1 < lines.length) joined = joined.slice(0, -1) + ' ' + lines[++i].text;
    logical.push({line: n, text: joined});
    const here = HEREDOC.exec(joined);
    if (!here) continue;
    const body = [];
    while (i + 1 < lines.length && lines[i + 1].text.trim() !== here[2]) body.push(lines[++i]);
    i++;
    const before = joined.slice(0, here.index);
    const after = joined.slice(here.index + here[0].length);
    const python = /\bpython[\d.]*\s+-(\s|$)/.test(before);
    const target =
      /(?:^|[^\d&])>\s*([^\s<>;&|]+)/.exec(`${before} ${after}`)?.[1] ??
      /\btee\s+(?:-a\s+)?([^\s<>;&|]+)/.exec(`${before} ${after}`)?.[1] ??
      '';
    const lang = python ? 'python' : langOf(target);
    heredocs.push({line: body[0]?.n ?? n, target, lang, lines: body});
  }
  return {logical, heredocs};
}

function langOf(file) {
  if (/\.ya?ml$/.test(file)) return 'yaml';
  if (/\.jsonl?$/.test(file)) return 'json';
  if (/\.py$/.test(file)) return 'python';
  if (/\.(sh|bash)$/.test(file)) return 'bash';
  return 'other';
}

const WRAPPERS = new Set(['nohup', 'sudo', 'time', 'env', 'exec', 'nice', 'stdbuf', 'setsid']);

/** A simple command: its environment prefix, program, arguments and stdout redirect targets. */
function parseCommand(words) {
  const env = new Map();
  let i = 0;
  for (; i < words.length; i++) {
    const assign = /^([A-Za-z_]\w*)=(.*)$/s.exec(words[i]);
    if (assign) env.set(assign[1], assign[2]);
    else if (!WRAPPERS.has(words[i]) && !/^-/.test(words[i])) break;
  }
  const args = [];
  const redirects = [];
  for (let j = i + 1; j < words.length; j++) {
    const w = words[j];
    if (/^[12]?>>?$/.test(w) || w === '&>') redirects.push(words[++j] ?? '');
    else if (/^[<\d]*[<>]/.test(w)) {
      if (/^<+-?$/.test(w)) j++;
    } else args.push(w);
  }
  return {env, program: words[i] ?? '', args, redirects};
}

/** The value of `--name value` or `--name=value` among a command's arguments (all occurrences). */
function flagValues(args, names) {
  const found = [];
  args.forEach((a, i) => {
    for (const name of names) {
      if (a === name && args[i + 1] !== undefined) found.push(args[i + 1]);
      else if (a.startsWith(`${name}=`)) found.push(a.slice(name.length + 1));
    }
  });
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Python: dataset_info.json registrations

/** The string values an identifier takes in a Python block: `for x in ("a", "b")`, `for k, v in d.items()` with a dict
 * literal `d = {"a": …}`, `x = "a"`; null when unknown. */
function pythonValues(name, code) {
  const loop = new RegExp(`for\\s+${name}\\b[^\\n]*?\\s+in\\s+([^\\n]+?):\\s*$`, 'm').exec(code);
  if (loop) {
    const iterable = loop[1].trim();
    const dict = /^(\w+)\.(?:items|keys)\(\)$/.exec(iterable);
    if (dict) return dictKeys(dict[1], code);
    const literals = [...iterable.matchAll(/(["'])([^"'\n]*)\1/g)].map((m) => m[2]);
    return literals.length ? literals : null;
  }
  const assign = new RegExp(`^\\s*${name}\\s*=\\s*(["'])([^"'\\n]*)\\1\\s*$`, 'm').exec(code);
  return assign ? [assign[2]] : null;
}

/** The top-level string keys of a dict literal assigned to `name` (`name = {"a": …, "b": …}`). */
function dictKeys(name, code) {
  const start = new RegExp(`^\\s*${name}\\s*=\\s*\\{`, 'm').exec(code);
  if (!start) return null;
  const keys = [];
  let depth = 0;
  for (let i = start.index + start[0].length - 1; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'") {
      const end = code.indexOf(c, i + 1);
      if (depth === 1 && /^\s*:/.test(code.slice(end + 1))) keys.push(code.slice(i + 1, end));
      i = end;
    } else if ('{[('.includes(c)) depth++;
    else if ('}])'.includes(c) && --depth === 0) break;
  }
  return keys;
}

/** The names a Python subscript expression stands for (`"a"`, `f"x_{s}"`, `"x_" + s`), open parts as WILD. */
function pythonNames(expr, code) {
  const parts = expr.split(/\s*\+\s*/);
  let values = [''];
  for (const part of parts) {
    let options;
    const literal = /^(f?)(["'])(.*)\2$/.exec(part.trim());
    if (literal && !literal[1]) options = [literal[3]];
    else if (literal) {
      options = [''];
      let last = 0;
      for (const m of literal[3].matchAll(/\{([^}]*)\}/g)) {
        const id = /^\s*(\w+)\s*$/.exec(m[1])?.[1];
        const known = (id && pythonValues(id, code)) || [WILD];
        const text = literal[3].slice(last, m.index);
        options = options.flatMap((o) => known.map((k) => o + text + k));
        last = m.index + m[0].length;
      }
      options = options.map((o) => o + literal[3].slice(last));
    } else {
      const id = /^(\w+)$/.exec(part.trim())?.[1];
      options = (id && pythonValues(id, code)) || [WILD];
    }
    values = values.flatMap((v) => options.map((o) => v + o)).slice(0, 64);
  }
  return values;
}

/** Dataset names a Python block registers: `info[...] = …` where `info` is loaded from dataset_info.json. */
function pythonRegistrations(code) {
  if (!/dataset_info\.json/.test(code) || !/json\.dumps?\(/.test(code)) return [];
  const dicts = [...code.matchAll(/^\s*(\w+)\s*=\s*json\.loads?\(/gm)].map((m) => m[1]);
  const names = [];
  for (const dict of dicts) {
    for (const m of code.matchAll(new RegExp(`\\b${dict}\\[([^\\]\\n]+)\\]\\s*=(?!=)`, 'g'))) {
      const line = code.slice(0, m.index).split('\n').length - 1;
      for (const name of pythonNames(m[1], code)) names.push({name, offset: line});
    }
    for (const m of code.matchAll(new RegExp(`\\b${dict}\\.update\\(\\s*\\{`, 'g'))) {
      const line = code.slice(0, m.index).split('\n').length - 1;
      const keys = dictKeys('__update__', `__update__ = ${code.slice(m.index + m[0].length - 1)}`) ?? [WILD];
      for (const name of keys) names.push({name, offset: line});
    }
  }
  return names;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a page's steps

/** The code blocks a page shows, as sources: {lang, title, fragment, line, lines: [{n, text}], code} (a shell block's
 * heredocs are read as the files they write, in readSteps). Output blocks (text, console …), diagrams and `wrong`
 * examples are not steps. */
function sources(parsed) {
  const found = [];
  for (const b of codeBlocks(parsed)) {
    if (OUTPUT_LANGS.has(b.lang) || b.lang === 'mermaid' || b.lang === 'markdown' || b.lang === 'md') continue;
    if (metaWords(b.meta).includes(OPT_OUT.wrong)) continue;
    const lines = b.code.split('\n').map((text, i) => ({n: b.line + 1 + i, text}));
    const title = metaTitle(b.meta);
    const fragment = metaWords(b.meta).includes(OPT_OUT.fragment);
    const lang = b.lang === 'yml' ? 'yaml' : SHELL.has(b.lang) ? 'bash' : b.lang === 'jsonl' ? 'json' : b.lang;
    found.push({lang, title, fragment, line: b.line, lines, code: b.code});
  }
  return found;
}

/** The file name a block title names: `qwen3_lora_sft.yaml（节选）` → qwen3_lora_sft.yaml. */
function titleFile(title) {
  const file = /[^\s（(]+\.(?:ya?ml|jsonl?|py|sh)(?=$|[\s（(])/.exec(title)?.[0];
  return file ? basename(file) : '';
}

function yamlData(code) {
  try {
    const data = yaml.load(code);
    return data && typeof data === 'object' && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

/** Applies a sed script of `s/a/b/` and `/a/d` commands to a text; null when the script is anything else. */
export function applySed(script, text) {
  let out = text.split('\n');
  for (const command of script
    .split(/;|\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const toRe = (bre, flags = '') =>
      new RegExp(
        bre.replace(/\\([(){}|+?])|([(){}|+?])/g, (m, escaped, plain) => (escaped ? escaped : `\\${plain}`)),
        flags,
      );
    const sub = /^s(.)(.*?)\1(.*?)\1([gI]*)$/.exec(command);
    const del = /^\/(.*)\/d$/.exec(command);
    try {
      if (sub) {
        const re = toRe(sub[2], sub[4].includes('g') ? 'g' : '');
        const replacement = sub[3]
          .replace(/\$/g, '$$$$')
          .replace(/\\(\d)/g, '$$$1')
          .replace(/&/g, '$$&');
        out = out.map((l) => l.replace(re, replacement));
      } else if (del) {
        const re = toRe(del[1]);
        out = out.filter((l) => !re.test(l));
      } else return null;
    } catch {
      return null;
    }
  }
  return out.join('\n');
}

/** Everything the page's steps set up and use, each with its file line. */
export function readSteps(parsed) {
  const steps = {
    outputs: [], // {value, line, train}
    inputs: [], // {key, value, line}
    servers: [], // {port, line, what}
    clients: [], // {url, port, line}
    registrations: [], // {value, line, prose}
    datasets: [], // {key, value, line}
    configs: [], // {value, line, shown}
    runs: [], // {sub, value, line}
    envsCreated: [], // {value, line}
    envsUsed: [], // {value, line, how}
  };
  const yamlFiles = new Map(); // file name → {code, data}: the YAML a later sed or command reads
  const addYaml = (code, line, file, lineOf, fragment = false) => {
    const data = yamlData(code);
    if (file) yamlFiles.set(file, {code, data});
    if (!data) return;
    const at = (key) => lineOf(key) ?? line;
    const train = data.do_predict !== true;
    if (typeof data.output_dir === 'string')
      steps.outputs.push({value: trimSlash(data.output_dir), line: at('output_dir'), train});
    for (const key of ['adapter_name_or_path', 'model_name_or_path', 'resume_from_checkpoint']) {
      if (typeof data[key] === 'string')
        for (const value of split(data[key])) steps.inputs.push({key, value: trimSlash(value), line: at(key)});
    }
    // A fragment shows how a setting is written; the datasets of a whole config are what the reader trains on.
    for (const key of ['dataset', 'eval_dataset']) {
      if (data[key] != null && !fragment)
        for (const value of split(data[key])) steps.datasets.push({key, value, line: at(key)});
    }
    for (const [key, value] of Object.entries(data)) {
      if (/(^|_)port$/.test(key) && Number.isInteger(value))
        steps.servers.push({port: value, line: at(key), what: key});
    }
  };
  const keyLine = (lines) => (key) => lines.find(({text}) => new RegExp(`^\\s*${key}\\s*:`).test(text))?.n;

  const all = sources(parsed);
  const readSource = (src) => {
    const file = titleFile(src.title);
    if (src.lang === 'yaml') {
      if (file && /\.ya?ml$/.test(file)) steps.configs.push({value: file, line: src.line, shown: true});
      addYaml(src.code, src.line, file, keyLine(src.lines), src.fragment);
    } else if (src.lang === 'json') {
      let json = parseJson(src.code);
      if (json.error && src.fragment) json = parseJson(`{${src.code.trim().replace(/,\s*$/, '')}}`);
      if (!json.error && isDatasetInfo(json.value, src.title || src.target || '')) {
        for (const name of Object.keys(json.value)) {
          const n = src.lines.find(({text}) => text.includes(`"${name}"`))?.n ?? src.line;
          steps.registrations.push({value: name, line: n});
        }
      }
    } else if (src.lang === 'python') readPython(src);
    else if (src.lang === 'bash') readBash(src);
    if (src.lang !== 'bash') readClients(src.lines);
  };
  const readClients = (lines) => {
    for (const {n, text} of lines) {
      const tunnels = [...text.matchAll(/-L\s*(?:[\w.]+:)?\d+:[\w.-]+:\d+/g)].map((m) => [
        m.index,
        m.index + m[0].length,
      ]);
      for (const m of text.matchAll(/(?<![\w.-])(?:https?:\/\/)?(?:127\.0\.0\.1|localhost|0\.0\.0\.0):(\d{2,5})\b/g)) {
        if (tunnels.some(([a, b]) => m.index >= a && m.index < b)) continue;
        steps.clients.push({url: m[0], port: Number(m[1]), line: n});
      }
    }
  };
  const readPython = (src) => {
    for (const {name, offset} of pythonRegistrations(src.code))
      steps.registrations.push({value: name, line: src.lines[offset]?.n ?? src.line});
    for (const {n, text} of src.lines) {
      const key =
        /\b(adapter_name_or_path|model_name_or_path|resume_from_checkpoint)\b["']?\]?\s*[:=]\s*f?(["'])([^"'\n]+)\2/;
      const m = key.exec(text);
      if (m && m[3].startsWith(OUTPUT_ROOT))
        steps.inputs.push({key: m[1], value: trimSlash(m[3].replace(/\{[^}]*\}/g, WILD)), line: n});
      for (const p of text.matchAll(/\b(?:server_)?port\s*=\s*(\d{2,5})\b/g))
        steps.servers.push({port: Number(p[1]), line: n, what: 'port='});
    }
  };
  const readBash = (src) => {
    const {logical, heredocs} = readShell(src.lines);
    const vars = new Map();
    readClients(logical.map(({line, text}) => ({n: line, text})));
    for (const {line, text} of logical) {
      const loop = /^\s*for\s+(\w+)\s+in\s+([^;]*?)\s*(?:;\s*do\b(.*))?$/.exec(text);
      if (loop) {
        const words = shellCommands(loop[2])[0] ?? [];
        vars.set(
          loop[1],
          words.flatMap((w) => expand(w, vars)),
        );
      }
      for (const words of shellCommands(loop ? (loop[3] ?? '') : text)) {
        const command = parseCommand(words);
        if (!command.program) {
          for (const [k, v] of command.env) vars.set(k, expand(v, vars));
          continue;
        }
        if (command.program === 'export') {
          for (const a of command.args) {
            const assign = /^([A-Za-z_]\w*)=(.*)$/s.exec(a);
            if (assign) vars.set(assign[1], expand(assign[2], vars));
          }
          continue;
        }
        readCommand(command, line, vars);
      }
    }
    for (const doc of heredocs) {
      const file = basename(doc.target);
      if (doc.lang === 'yaml') {
        if (file) steps.configs.push({value: file, line: doc.line - 1, shown: true});
        addYaml(doc.lines.map((l) => l.text).join('\n'), doc.line, file, keyLine(doc.lines));
      } else if (doc.lang === 'bash') readBash({...src, lines: doc.lines});
      else if (doc.lang !== 'other') {
        readSource({
          lang: doc.lang,
          title: '',
          target: doc.target,
          line: doc.line,
          lines: doc.lines,
          code: doc.lines.map((l) => l.text).join('\n'),
        });
      }
    }
  };
  const readCommand = (command, line, vars) => {
    const {env, program, args, redirects} = command;
    const ex = (w) => expand(w, vars);
    const envValue = (name) => (env.has(name) ? ex(env.get(name)) : vars.get(name));
    const prog = basename(program);
    const written = [...redirects];
    if (prog === 'llamafactory-cli' || prog === 'lmf') {
      const sub = args[0] ?? '';
      const config = args.slice(1).find((a) => /\.(ya?ml|json)$/.test(a));
      if (config && ['train', 'chat', 'export', 'api', 'webchat', 'webui', 'eval'].includes(sub)) {
        for (const value of ex(config)) steps.runs.push({sub, value, line});
      }
      const overrides = new Map(
        args
          .slice(1)
          .map((a) => /^([a-z_]\w*)=(.*)$/s.exec(a))
          .filter(Boolean)
          .map((m) => [m[1], m[2]]),
      );
      const configTrain = () => {
        if (overrides.get('do_predict') === 'true') return false;
        const data = config && yamlFiles.get(basename(config))?.data;
        return !(data && data.do_predict === true);
      };
      if (overrides.has('output_dir'))
        for (const value of ex(overrides.get('output_dir')))
          steps.outputs.push({value: trimSlash(value), line, train: configTrain()});
      for (const key of ['adapter_name_or_path', 'model_name_or_path', 'resume_from_checkpoint']) {
        if (overrides.has(key))
          for (const v of ex(overrides.get(key)))
            for (const value of split(v)) steps.inputs.push({key, value: trimSlash(value), line});
      }
      for (const key of ['dataset', 'eval_dataset']) {
        if (overrides.has(key))
          for (const v of ex(overrides.get(key))) for (const value of split(v)) steps.datasets.push({key, value, line});
      }
      if (sub === 'api') {
        const port = envValue('API_PORT')?.[0];
        steps.servers.push({port: port ? Number(port) : PORTS.api, line, what: 'llamafactory-cli api'});
      }
      if (sub === 'webui' || sub === 'webchat') {
        const port = envValue('GRADIO_SERVER_PORT')?.[0];
        steps.servers.push({port: port ? Number(port) : PORTS.gradio, line, what: `llamafactory-cli ${sub}`});
      }
    }
    // Flags any program takes: inputs, outputs, datasets, ports.
    for (const [flag, key] of [
      ['--adapter_name_or_path', 'adapter_name_or_path'],
      ['--model_name_or_path', 'model_name_or_path'],
      ['--resume_from_checkpoint', 'resume_from_checkpoint'],
      ['--adapter', '--adapter'],
      ['--adapter-path', '--adapter-path'],
      ['--adapter_path', '--adapter_path'],
    ]) {
      for (const v of flagValues(args, [flag]))
        for (const value of ex(v).flatMap(split)) steps.inputs.push({key, value: trimSlash(value), line});
    }
    for (const v of flagValues(args, ['--lora-modules']))
      for (const value of ex(v))
        steps.inputs.push({key: '--lora-modules', value: trimSlash(value.replace(/^[^=/]*=/, '')), line});
    for (const v of flagValues(args, ['--output_dir']))
      for (const value of ex(v)) steps.outputs.push({value: trimSlash(value), line, train: true});
    for (const key of ['dataset', 'eval_dataset']) {
      for (const v of flagValues(args, [`--${key}`]))
        for (const value of ex(v).flatMap(split)) steps.datasets.push({key, value, line});
    }
    const vllm = prog === 'vllm' && args[0] === 'serve';
    if (vllm && args[1])
      for (const value of ex(args[1])) steps.inputs.push({key: 'vllm serve', value: trimSlash(value), line});
    const ports = flagValues(args, ['--port', '--server.port', '--server-port', '--server_port']);
    if (!['ssh', 'scp', 'sftp', 'curl', 'wget'].includes(prog)) {
      for (const p of ports) if (/^\d+$/.test(p)) steps.servers.push({port: Number(p), line, what: `${prog} --port`});
      if (vllm && !ports.length) steps.servers.push({port: PORTS.vllm, line, what: 'vllm serve'});
    }
    if (prog === 'ssh') {
      for (const spec of flagValues(args, ['-L'])) {
        const local = /^(?:[\w.]+:)?(\d+):/.exec(spec);
        if (local) steps.servers.push({port: Number(local[1]), line, what: 'ssh -L'});
      }
    }
    // Environments.
    if (prog === 'conda' || prog === 'mamba' || prog === 'micromamba') {
      if (args[0] === 'create' || (args[0] === 'env' && args[1] === 'create')) {
        for (const value of flagValues(args, ['-p', '--prefix', '-n', '--name']).flatMap(ex))
          steps.envsCreated.push({value: trimSlash(value), line});
      }
      if (args[0] === 'activate' && args[1]) {
        for (const value of ex(args[1])) steps.envsUsed.push({value: trimSlash(value), line, how: `${prog} activate`});
      }
    }
    if (/^python[\d.]*$/.test(prog) && args[0] === '-m' && args[1] === 'venv') {
      const target = args.slice(2).find((a) => !a.startsWith('-'));
      if (target) for (const value of ex(target)) steps.envsCreated.push({value: trimSlash(value), line});
    }
    if ((prog === 'uv' && args[0] === 'venv') || prog === 'virtualenv') {
      const target = args.slice(prog === 'uv' ? 1 : 0).find((a) => !a.startsWith('-'));
      for (const value of ex(target ?? '.venv')) steps.envsCreated.push({value: trimSlash(value), line});
    }
    if ((prog === 'source' || prog === '.') && /\/bin\/activate$/.test(args[0] ?? '')) {
      for (const value of ex(args[0]))
        steps.envsUsed.push({value: trimSlash(value.replace(/\/bin\/activate$/, '')), line, how: 'source'});
    }
    // Files written: redirects, cp/mv/tee destinations, sed output applied to the file it reads.
    if ((prog === 'cp' || prog === 'mv') && args.length >= 2) {
      const files = args.filter((a) => !a.startsWith('-'));
      const dest = files.at(-1);
      written.push(/\.ya?ml$/.test(dest) ? dest : `${dest}/${basename(files[0] ?? '')}`);
    }
    if (prog === 'tee') written.push(...args.filter((a) => !a.startsWith('-')));
    for (const w of written.flatMap(ex)) {
      const file = basename(w);
      if (!/\.ya?ml$/.test(file)) continue;
      steps.configs.push({value: file, line, shown: false});
      if (prog === 'sed') {
        const inputs = args.filter((a) => !a.startsWith('-'));
        const scripts = flagValues(args, ['-e']);
        const script = scripts.length ? scripts.join(';') : inputs[0];
        const from = yamlFiles.get(basename(inputs.at(-1) ?? ''));
        const text = from && script ? applySed(script, from.code) : null;
        if (text != null) addYaml(text, line, file, () => line);
      }
    }
  };
  for (const src of all) readSource(src);

  // Servers named in prose (`llamafactory-cli api`) when the code starts none of their kind: the reader is sent to
  // the page that starts them. Names prose tells the reader to register (注册、登记 `name`) are registered.
  const inCode = new Set(steps.servers.map((s) => s.what));
  for (const node of nodes(parsed.tree)) {
    if (node.type === 'paragraph' || node.type === 'tableRow') {
      if (!/注册|登记|register/i.test(toString(node))) continue;
      for (const child of nodes(node)) {
        if (child.type === 'inlineCode' && /^[A-Za-z][\w.-]*$/.test(child.value))
          steps.registrations.push({value: child.value, line: child.position.start.line, prose: true});
      }
    }
    if (node.type !== 'inlineCode') continue;
    const line = node.position.start.line;
    for (const words of shellCommands(node.value)) {
      const {env, program, args} = parseCommand(words);
      if (basename(program) !== 'llamafactory-cli') continue;
      const what = `llamafactory-cli ${args[0]}`;
      if (inCode.has(what)) continue;
      if (args[0] === 'api') steps.servers.push({port: Number(env.get('API_PORT') ?? PORTS.api), line, what});
      if (args[0] === 'webui' || args[0] === 'webchat')
        steps.servers.push({port: Number(env.get('GRADIO_SERVER_PORT') ?? PORTS.gradio), line, what});
    }
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------------------------
// The rules

/** A checkpoint folder in a training output (`checkpoint-1500`, `checkpoint-$STEP`). */
const CHECKPOINT = new RegExp(`/checkpoint-(\\d+|\\*|${WILD})$`);

function checkOutputs({outputs, inputs}) {
  const written = outputs.filter((o) => o.train && o.value.startsWith(OUTPUT_ROOT));
  if (!written.length) return [];
  const findings = [];
  for (const input of inputs) {
    if (!input.value.startsWith(OUTPUT_ROOT)) continue;
    const folder = input.value.replace(CHECKPOINT, '');
    const earlier = written.filter((o) => o.line < input.line);
    if (earlier.some((o) => same(o.value, folder) || same(o.value, input.value))) continue;
    const later = written.filter((o) => o.line > input.line && (same(o.value, folder) || same(o.value, input.value)));
    findings.push({
      line: input.line,
      message:
        `${input.key} ${show(input.value)} points to an output folder no earlier step writes` +
        (later.length ? ` (the page trains into it only later, line ${later[0].line}: put that step first)` : '') +
        (earlier.length
          ? `; earlier steps write ${list(dedupe(earlier))}`
          : `; the page trains into ${list(dedupe(written))}`) +
        ' (use that folder, or a checkpoint-N in it)',
    });
  }
  return findings;
}

function checkPorts({servers, clients}) {
  if (!servers.length) return [];
  const findings = [];
  const seen = new Set();
  const started = servers
    .filter((s) => !seen.has(`${s.what} ${s.port}`) && seen.add(`${s.what} ${s.port}`))
    .map((s) => `${s.what} on ${s.port} (line ${s.line})`)
    .join(', ');
  for (const client of clients) {
    if (servers.some((s) => s.port === client.port)) continue;
    findings.push({
      line: client.line,
      message: `${client.url} uses port ${client.port}, but no step on this page starts a server there; the page starts ${started}`,
    });
  }
  return findings;
}

function checkDatasets({registrations, datasets}) {
  if (!registrations.some((r) => !r.prose)) return [];
  const findings = [];
  for (const use of datasets) {
    if (BUILTIN_DATASETS.has(use.value)) continue;
    const earlier = registrations.filter((r) => r.line < use.line);
    if (earlier.some((r) => same(r.value, use.value))) continue;
    const later = registrations.find((r) => r.line > use.line && same(r.value, use.value));
    findings.push({
      line: use.line,
      message:
        `${use.key} "${use.value}" is not registered by an earlier step on this page` +
        (later ? ` (it is registered only later, line ${later.line}: register it first)` : '') +
        ` and is not a built-in dataset of LLaMA-Factory v${reference.llamafactory.version}; ` +
        `the page registers ${list(dedupe(registrations.map((r) => ({...r, value: r.value}))))}`,
    });
  }
  return findings;
}

function checkConfigs({configs, runs}) {
  const shown = configs.filter((c) => c.shown);
  if (!shown.length) return [];
  const findings = [];
  for (const run of runs) {
    const file = basename(run.value);
    if (!/\.ya?ml$/.test(file)) continue;
    if (configs.some((c) => c.line < run.line && same(c.value, file))) continue;
    const later = configs.find((c) => c.line > run.line && same(c.value, file));
    // A command before the page shows any config, naming none it writes, illustrates the syntax.
    if (!later && run.line < Math.min(...shown.map((c) => c.line))) continue;
    findings.push({
      line: run.line,
      message:
        `llamafactory-cli ${run.sub} ${show(run.value)}: no earlier step on this page writes ${show(file)}` +
        (later ? ` (it is written only later, line ${later.line}: put that step first)` : '') +
        `; the page writes ${list(dedupe(configs))}`,
    });
  }
  return findings;
}

function checkEnvironments({envsCreated, envsUsed}) {
  if (!envsCreated.length) return [];
  const findings = [];
  const name = (v) => v.replace(/^\/opt\/conda\/envs\//, '');
  for (const use of envsUsed) {
    if (use.how !== 'source' && IMAGE_ENVS.includes(use.value)) continue;
    const earlier = envsCreated.filter((c) => c.line <= use.line);
    if (earlier.some((c) => same(c.value, use.value) || (use.how !== 'source' && same(name(c.value), name(use.value)))))
      continue;
    findings.push({
      line: use.line,
      message:
        `${use.how} ${show(use.value)}: no earlier step on this page creates this environment; ` +
        `the page creates ${list(dedupe(envsCreated))}` +
        (use.how === 'source' ? '' : `, and the image has ${IMAGE_ENVS[0]}`),
    });
  }
  return findings;
}

function dedupe(items) {
  const seen = new Set();
  return items.filter(({value}) => !seen.has(value) && seen.add(value));
}

/** Findings for one parsed page: {line, message}. */
export function checkSteps(parsed) {
  const steps = readSteps(parsed);
  return [
    ...checkOutputs(steps),
    ...checkPorts(steps),
    ...checkDatasets(steps),
    ...checkConfigs(steps),
    ...checkEnvironments(steps),
  ].sort((a, b) => a.line - b.line);
}
