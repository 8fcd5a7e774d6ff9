// Build time (Node): the data of 报错诊断 (src/plugins/diagnose-data.ts writes it, the page loads it as its own chunk).
// - Every message template of the pinned sources (reference.json through scripts/llamafactory/messages.mjs:
//   LLaMA-Factory, transformers, peft, the curated vLLM and Python ones), with project, version and file:line.
// - Every message the site quotes from outside them (output blocks marked ```text origin="PyTorch"```), made into a
//   template: numbers, paths, URLs and quoted values become `{}`, and a long quote keeps its first sentence or words.
// - For each, the sections of this site that quote it: the line a quote is on, traced the way check:docs traces it
//   (traceMessage), or found by the same matcher the page runs; the section is the nearest `##`/`###` above it.
import type {Heading} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {codeBlocks, nodes, type Doc} from '../content';
import {
  OUTPUT_LANGS,
  TEMPLATES,
  globMatch,
  metaOrigin,
  normaliseQuote,
  quotedMessage,
  traceMessage,
} from '../../scripts/llamafactory/messages.mjs';
import {compile, joinMessage, matchLine, MIN_LETTERS, prepareLine, type DiagnoseData, type Matcher} from './match';

/** The page of the tool itself: its examples explain nothing. */
export const DIAGNOSE_PAGE = 'documents/problems/diagnose';

/** Display name and source tree (`{v}`: the version) of each library in reference.json's messages. */
const LIBRARIES: Record<string, [string, string]> = {
  llamafactory: ['LLaMA-Factory', 'https://github.com/hiyouga/LLaMA-Factory/blob/v{v}/'],
  transformers: ['transformers', 'https://github.com/huggingface/transformers/blob/v{v}/'],
  peft: ['PEFT', 'https://github.com/huggingface/peft/blob/v{v}/'],
  vllm: ['vLLM', 'https://github.com/vllm-project/vllm/blob/v{v}/'],
  python: ['Python', 'https://github.com/python/cpython/blob/{v}/'],
};

/** Sections shown for one message, troubleshooting pages first. */
const MAX_SECTIONS = 4;

const letters = (template: string) => template.replaceAll('{}', '').replace(/[^A-Za-z]/g, '').length;

/** A template that is an exception's name and its value only (`KeyError: {}`). */
const isBare = (template: string) => /^[\w.]+: \{\}$/.test(template);

/** A quoted value made general: numbers, paths, URLs, quoted values and words with a digit or a slash become `{}`. */
function generalise(text: string): string {
  return text
    .replace(/\[\s*(?:\.\.\.|…)\s*\]|\.\.\.|…/g, '{}')
    .replace(/\b[a-z][\w+.-]{0,20}:\/\/[^\s'"<>)]{1,500}/gi, '{}')
    .replace(/(?<![\w.])(?:~|\.{1,2})?(?:\/[\w.@+-]{1,200}){1,40}\/?/g, '{}')
    .replace(/(?<!\w)'[^'\n]{1,300}?'(?!\w)/g, "'{}'")
    .replace(/"[^"\n]{1,300}?"/g, '"{}"')
    .replace(/[\w.-]+(?:\/[\w.-]+)*/g, (word) => (/\d|\//.test(word) ? `{}${word.endsWith('.') ? '.' : ''}` : word))
    .replace(/\{\}\s?(?:[KMGTP]i?B|bytes)\b/g, '{}')
    .replace(/(?:\{\}){2,}/g, '{}')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A quoted line from outside the pinned sources as a template, or null when too little of it is literal (fewer
 * letters than `floor`; 8 for an exception). An exception's module path is dropped (PyTorch moved
 * `torch.cuda.OutOfMemoryError` to `torch.OutOfMemoryError`), and its class too when the message alone has 16 letters
 * or more; numbers, paths, URLs and quoted values become `{}`, unless the value is the whole message; the template stops after its first sentence of 24
 * literal characters or more, or at the first word end after 40, so a reader's variant of the rest still matches.
 */
export function templateFromQuote(line: string, floor = 16): string | null {
  const whole = prepareLine(line).text.trim();
  const quoted = quotedMessage(whole);
  let text = generalise(quoted?.exception ? (quoted.body ?? '') : whole);
  // A message that is nothing but its value (`KeyError: 'instruction'`) stays literal: as `KeyError: '{}'` it would
  // link every KeyError of any library to the pages about dataset columns.
  if (quoted?.exception && letters(text) === 0) text = (quoted.body ?? '').trim();
  if (quoted?.exception && letters(text) < 16) text = `${quoted.exception}: ${text}`;
  // Cut after a sentence of 24 literal characters, or at a word end after 40.
  let literal = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('{}', i)) {
      i++;
      continue;
    }
    literal++;
    const c = text[i]!;
    if (literal >= 24 && /[.。]/.test(c) && text[i + 1] === ' ') {
      text = text.slice(0, i + 1);
      break;
    }
    if (literal >= 40 && c === ' ' && text[i - 1] !== '}') {
      text = text.slice(0, i);
      break;
    }
  }
  return letters(text) >= (quoted?.exception ? MIN_LETTERS : floor) ? text : null;
}

interface Entry {
  text: string;
  sources: Map<string, [number, string]>;
  /** Section index → 0 when a code block quotes the message there, 1 when only inline code does. */
  sections: Map<number, number>;
}

/** The section of a page a file line is in: the nearest `##` or `###` heading above it. */
function sectionsOf(doc: Doc): (line: number) => [string, string] {
  const headings = [...nodes(doc.tree)]
    .filter((n): n is Heading => n.type === 'heading' && n.depth <= 3)
    .map((h) => {
      const text = toString(h);
      const id = /\{#([\w-]+)\}\s*$/.exec(text)?.[1];
      return {line: h.position!.start.line, id, title: text.replace(/\s*\{#[\w-]+\}\s*$/, '').trim()};
    })
    .filter((h) => h.id);
  return (line) => {
    const h = headings.filter((x) => x.line < line).at(-1);
    return h ? [`${doc.permalink}#${h.id}`, `${doc.title} › ${h.title}`] : [doc.permalink, doc.title];
  };
}

/** Inline code in prose, with its line. */
function inlineCode(doc: Doc): {value: string; line: number}[] {
  return [...nodes(doc.tree)]
    .filter((n) => n.type === 'inlineCode')
    .map((n) => ({value: (n as {value: string}).value, line: n.position!.start.line}));
}

/** The data of 报错诊断 for these docs (in sidebar order). */
export function buildDiagnoseData(docs: Doc[]): DiagnoseData {
  const projects: DiagnoseData['projects'] = [];
  const projectIndex = new Map<string, number>();
  const project = (name: string, version: string, url: string) => {
    const key = `${name}\0${version}`;
    let i = projectIndex.get(key);
    if (i === undefined) {
      i = projects.push([name, version, url]) - 1;
      projectIndex.set(key, i);
    }
    return i;
  };
  const entries = new Map<string, Entry>();
  const entry = (text: string) => {
    let e = entries.get(text);
    if (!e) {
      e = {text, sources: new Map(), sections: new Map()};
      entries.set(text, e);
    }
    return e;
  };
  for (const t of TEMPLATES) {
    if (letters(t.template) < MIN_LETTERS) continue;
    const [name, url] = LIBRARIES[t.library] ?? [t.library, ''];
    const p = project(name, t.version, url.replace('{v}', t.version));
    entry(t.template).sources.set(`${p}\0${t.at}`, [p, t.at]);
  }
  const pages = docs.filter((d) => d.id !== DIAGNOSE_PAGE);
  const sectionList: [string, string][] = [];
  const sectionIndex = new Map<string, number>();
  const sectionOf = (doc: Doc, at: (line: number) => [string, string], line: number) => {
    const [url, title] = at(line);
    let i = sectionIndex.get(url);
    if (i === undefined) {
      i = sectionList.push([url, title]) - 1;
      sectionIndex.set(url, i);
    }
    return i;
  };

  // Messages from outside the pinned sources: a quote in an origin block that no pinned template matches.
  const pinned = matcherOf(entries);
  const outside: {doc: Doc; line: number; text: string; origin: string}[] = [];
  for (const doc of pages) {
    for (const b of codeBlocks(doc)) {
      const origin = metaOrigin(b.meta);
      if (!OUTPUT_LANGS.has(b.lang) || !origin) continue;
      b.code.split('\n').forEach((raw, i) => {
        if (matchLine(pinned, prepareLine(raw).text) >= 0) return;
        const text = templateFromQuote(raw);
        if (text) outside.push({doc, line: b.line + 1 + i, text, origin});
      });
    }
  }
  for (const {text, origin} of outside) {
    const p = project(origin, '', '');
    entry(text).sources.set(`${p}\0`, [p, '']);
  }
  // Quoted without an origin and traced to nothing: an error line anywhere (the shell's `Killed`, inline code such as
  // `[Errno 98] error while attempting to bind on address …`), and any line in the 现象 section of a troubleshooting
  // page (ssh's and the shell's messages): a message whose source is not named.
  const unnamed = (raw: string, floor: number) => {
    if (matchLine(pinned, prepareLine(raw).text) >= 0) return;
    const quoted = quotedMessage(raw);
    if (quoted && traceMessage(quoted.text, quoted.body ?? quoted.text).traced) return;
    const text = templateFromQuote(raw, floor);
    const p = project('', '', '');
    if (text) entry(text).sources.set(`${p}\0`, [p, '']);
  };
  for (const doc of pages) {
    // Inline code that is a whole error message, not only an exception's name (`KeyError`).
    for (const {value} of inlineCode(doc)) {
      if (prepareLine(value).level !== 'error' || !/\S\s+\S/.test(value) || /\p{Script=Han}/u.test(value)) continue;
      unnamed(value, 6);
    }
    const at = sectionsOf(doc);
    const troubleshooting = doc.id.startsWith('documents/problems/');
    for (const b of codeBlocks(doc)) {
      if (!OUTPUT_LANGS.has(b.lang) || metaOrigin(b.meta)) continue;
      b.code.split('\n').forEach((raw, i) => {
        const line = prepareLine(raw);
        // A message line: it starts like one (not a table, a prompt or a numbered note) and is not Chinese prose.
        const symptom =
          troubleshooting &&
          at(b.line + 1 + i)[0].endsWith('#symptoms') &&
          /^[A-Za-z@[]/.test(line.text.trim()) &&
          !/^\S+@\S+:\S*[#$] /.test(line.text.trim());
        if ((line.level !== 'error' && !symptom) || /\p{Script=Han}/u.test(raw)) return;
        unnamed(raw, line.level === 'error' ? 6 : 10);
      });
    }
  }

  // A template that is nothing but an exception and its value (Python's `KeyError: {}`) says nothing about where the
  // error came from: the pages that quote `KeyError: 'instruction'` explain that key, not every KeyError. Each such
  // quote becomes a message of its own, literal, with the template's source; the template itself gets no sections.
  const bareList = [...entries.values()];
  const bareMatcher = matcherOf(entries);
  const literal = (raw: string) => {
    const text = prepareLine(raw).text.trim();
    const bare = bareList[matchLine(bareMatcher, text)];
    if (bare && isBare(bare.text) && text !== bare.text) {
      for (const [k, v] of bare.sources) entry(text).sources.set(k, v);
    }
  };
  for (const doc of pages) {
    for (const b of codeBlocks(doc)) if (OUTPUT_LANGS.has(b.lang)) b.code.split('\n').forEach(literal);
    for (const {value} of inlineCode(doc)) literal(value);
  }

  // Sections: every quote on the site, matched as a log line would be, and traced as check:docs traces it.
  const list = [...entries.values()];
  const matcher = matcherOf(entries);
  for (const doc of pages) {
    const at = sectionsOf(doc);
    const quote = (e: Entry | undefined, line: number, strength: number) => {
      if (!e || isBare(e.text)) return;
      const s = sectionOf(doc, at, line);
      e.sections.set(s, Math.min(strength, e.sections.get(s) ?? strength));
    };
    const trace = (text: string, body: string, line: number, strength: number) => {
      const traced = traceMessage(text, body);
      if (!traced.traced) return;
      quote(entries.get(traced.template), line, strength);
      for (const t of alsoQuoted(body, traced.template)) quote(entries.get(t), line, strength);
    };
    for (const b of codeBlocks(doc)) {
      if (!OUTPUT_LANGS.has(b.lang)) continue;
      const origin = metaOrigin(b.meta);
      const lines = b.code.split('\n');
      lines.forEach((raw, i) => {
        const line = b.line + 1 + i;
        const prepared = prepareLine(raw);
        quote(list[matchLine(matcher, prepared.text)], line, 0);
        const quoted = quotedMessage(raw);
        // An exception whose message goes on over the next lines is matched whole too, as a log's is.
        if (quoted?.exception) {
          const whole = joinMessage(lines, i, prepared);
          if (whole !== prepared.text.trim()) quote(list[matchLine(matcher, whole)], line, 0);
        }
        if (quoted && !origin) trace(quoted.text, quoted.body ?? quoted.text, line, 0);
      });
    }
    for (const {value, line} of inlineCode(doc)) {
      quote(list[matchLine(matcher, value)], line, 1);
      const quoted = quotedMessage(value);
      if (quoted?.exception) trace(quoted.text, quoted.body ?? quoted.text, line, 1);
    }
  }

  // Quotes in code blocks first, then troubleshooting pages, then the docs' order; the list keeps only those used.
  const order = new Map(pages.map((d, i) => [d.permalink, i]));
  const pageRank = ([url]: [string, string]) => {
    const path = url.split('#')[0]!;
    return (path.includes('/problems/') ? 0 : 1000) + (order.get(path) ?? 999);
  };
  const used = new Map<number, number>();
  const sections: DiagnoseData['sections'] = [];
  const messages: DiagnoseData['messages'] = list.map((e) => {
    const chosen = [...e.sections]
      .sort(([a, x], [b, y]) => x - y || pageRank(sectionList[a]!) - pageRank(sectionList[b]!) || a - b)
      .map(([s]) => s)
      .slice(0, MAX_SECTIONS)
      .map((s) => {
        let i = used.get(s);
        if (i === undefined) {
          i = sections.push(sectionList[s]!) - 1;
          used.set(s, i);
        }
        return i;
      });
    return [e.text, [...e.sources.values()], chosen];
  });
  return {projects, sections, messages};
}

/**
 * The other templates a quote that leaves part of the message out (`…`) is the text of: PEFT's LoRA and OFT print the
 * same sentence with different lists of modules, and `Target module GptOssExperts() is not supported. Currently, only the
 * following modules are supported: ...` quotes both. check:docs traces a quote to one of them; the quote explains each.
 */
function alsoQuoted(body: string, traced: string): string[] {
  if (!/\.\.\.|…/.test(body)) return [];
  const first = TEMPLATES.find((t) => t.template === traced);
  if (!first) return [];
  const q = normaliseQuote(body);
  // Only templates holding most of the traced one's words are worth the (quadratic) glob match.
  const near = (t: (typeof TEMPLATES)[number]) =>
    t.template !== traced && [...first.words].filter((w) => t.words.has(w)).length >= 0.8 * first.words.size;
  return TEMPLATES.filter((t) => near(t) && globMatch(t.pattern, q)).map((t) => t.template);
}

function matcherOf(entries: Map<string, Entry>): Matcher {
  return compile({projects: [], sections: [], messages: [...entries.keys()].map((t) => [t, [], []])});
}
