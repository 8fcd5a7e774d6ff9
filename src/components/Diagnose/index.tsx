// The error-diagnosis tool of docs/documents/problems/diagnose.md: a textarea, a button, and the findings of src/diagnose/match.ts
// below them. The known messages are a chunk of their own (src/plugins/diagnose-data.ts), loaded when the tool
// starts. A log is read in slices of about 12 ms with the browser free in between, so a 5 MB paste does not freeze
// the page. Nothing is sent anywhere. A long paste from the search box arrives through sessionStorage
// (DIAGNOSE_TEXT_KEY), never in the URL.
import {useCallback, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {
  compile,
  LogReader,
  searchQuery,
  sourceUrl,
  type DiagnoseData,
  type Diagnosis,
  type Finding,
  type Matcher,
} from '@site/src/diagnose/match';
// The search box's paste handler stores a long paste under this key (issue #38's contract).
import {DIAGNOSE_TEXT_KEY} from '@site/src/clientModules/searchPaste';
import styles from './styles.module.css';
import {LABELS, LEVEL_LABELS, lineCount, lineList, searchFor, summary} from './strings';

/** Longest part of a line shown in a finding. */
const SHOWN = 600;

let matcher: Promise<Matcher> | null = null;
function loadMatcher(): Promise<Matcher> {
  if (!matcher) {
    matcher = import(
      /* webpackChunkName: "diagnose-data" */ '@generated/diagnose-data/default/diagnose-data.json'
    ).then((m: {default: DiagnoseData}) => compile(m.default));
    // A failed load can be tried again.
    matcher.catch(() => {
      matcher = null;
    });
  }
  return matcher;
}

/** Lets the browser handle input and paint before the next slice. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

type State =
  | {kind: 'idle'}
  | {kind: 'empty'}
  | {kind: 'running'}
  | {kind: 'failed'}
  | {kind: 'done'; diagnosis: Diagnosis; data: DiagnoseData; ms: number};

function Sources({finding, data}: {finding: Finding; data: DiagnoseData}): ReactNode {
  if (finding.message < 0) return LABELS.unknownSource;
  return data.messages[finding.message]![1].map(([p, at], i) => {
    const [name, version] = data.projects[p]!;
    const url = sourceUrl(data, [p, at]);
    const where = name ? `${name}${version ? ` ${version}` : `（${LABELS.outsideVersion}）`}` : LABELS.noOrigin;
    return (
      <span key={i} className={styles.source}>
        {where}
        {at && ' · '}
        {url ? <a href={url}>{at}</a> : at && <span>{at}</span>}
      </span>
    );
  });
}

function Explanations({finding, data, search}: {finding: Finding; data: DiagnoseData; search: string}): ReactNode {
  // An unknown error that ended the run: the sections of a known exception it led to, if any.
  const known = finding.message >= 0 ? finding.message : finding.via;
  const sections = known >= 0 ? data.messages[known]![2] : [];
  const query = searchQuery(finding.text);
  const links = (
    <ul className={styles.links}>
      {sections.map((s) => {
        const [url, title] = data.sections[s]!;
        return (
          <li key={s}>
            <Link to={url}>{title}</Link>
          </li>
        );
      })}
    </ul>
  );
  if (sections.length && finding.message >= 0) return links;
  return (
    <>
      {sections.length > 0 && (
        <>
          <p>{LABELS.via}</p>
          {links}
        </>
      )}
      <p>
        {sections.length === 0 && LABELS.notExplained}
        <a href={`${search}?q=${encodeURIComponent(query)}`}>{searchFor(query)}</a>
      </p>
    </>
  );
}

function FindingItem({finding, data, search}: {finding: Finding; data: DiagnoseData; search: string}): ReactNode {
  const lines = finding.lines.slice(0, 5).join('、');
  const text = finding.text.length > SHOWN ? `${finding.text.slice(0, SHOWN)}…` : finding.text;
  return (
    <li className={styles[finding.fatal ? 'fatal' : finding.level]}>
      <p className={styles.head}>
        <strong>{LEVEL_LABELS[finding.fatal ? 'fatal' : finding.level]}</strong>
        <span>{finding.count > 1 ? lineCount(lines, finding.count) : lineList(lines)}</span>
      </p>
      <pre className={styles.line}>
        <code>{text}</code>
      </pre>
      <p className={styles.meta}>
        {LABELS.source}
        <Sources finding={finding} data={data} />
      </p>
      <div className={styles.meta}>
        {LABELS.explained}
        <Explanations finding={finding} data={data} search={search} />
      </div>
    </li>
  );
}

export default function Diagnose(): ReactNode {
  const id = useId();
  const search = useBaseUrl('/search');
  const browser = useIsBrowser();
  const [state, setState] = useState<State>({kind: 'idle'});
  const input = useRef<HTMLTextAreaElement>(null);
  const run = useRef(0);

  const diagnose = useCallback(async (text: string) => {
    const current = ++run.current;
    if (!text.trim()) {
      setState({kind: 'empty'});
      return;
    }
    setState({kind: 'running'});
    const start = performance.now();
    try {
      const m = await loadMatcher();
      const reader = new LogReader(m, text);
      for (;;) {
        const until = performance.now() + 12;
        if (reader.read(() => performance.now() > until)) break;
        await yieldToBrowser();
        if (current !== run.current) return;
      }
      const diagnosis = reader.result();
      if (current === run.current) {
        setState({kind: 'done', diagnosis, data: m.data, ms: performance.now() - start});
      }
    } catch {
      if (current === run.current) setState({kind: 'failed'});
    }
  }, []);

  // Once the textarea is there: start loading the known messages, and take the search box's hand-off (read once,
  // then removed) into the textarea and diagnose it.
  useEffect(() => {
    if (!browser || !input.current) return;
    void loadMatcher().catch(() => undefined);
    let text: string | null = null;
    try {
      text = sessionStorage.getItem(DIAGNOSE_TEXT_KEY);
      sessionStorage.removeItem(DIAGNOSE_TEXT_KEY);
    } catch {
      // Storage disabled: nothing was handed over.
    }
    if (text) {
      input.current.value = text;
      void diagnose(text);
    }
  }, [browser, diagnose]);

  if (!browser) {
    return (
      <div className={styles.tool} data-diagnose="static">
        <p>{LABELS.noScript}</p>
      </div>
    );
  }

  const findings = state.kind === 'done' ? state.diagnosis.findings : [];
  const known = findings.filter((f) => f.message >= 0).length;
  return (
    <div className={styles.tool} data-diagnose={state.kind}>
      <form
        aria-label={LABELS.form}
        onSubmit={(e) => {
          e.preventDefault();
          void diagnose(input.current?.value ?? '');
        }}>
        <label htmlFor={`${id}-log`} className={styles.label}>
          {LABELS.input}
        </label>
        <textarea
          id={`${id}-log`}
          ref={input}
          className={styles.input}
          rows={12}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {LABELS.inputHint}
        </p>
        <div className={styles.buttons}>
          <button type="submit" className="button button--primary">
            {LABELS.run}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              run.current++;
              if (input.current) {
                input.current.value = '';
                input.current.focus();
              }
              setState({kind: 'idle'});
            }}>
            {LABELS.clear}
          </button>
        </div>
      </form>
      <section className={styles.results} aria-label={LABELS.results}>
        <p role="status" className={styles.status}>
          {state.kind === 'empty'
            ? LABELS.empty
            : state.kind === 'running'
              ? LABELS.loading
              : state.kind === 'failed'
                ? LABELS.failed
                : state.kind === 'done'
                  ? `${summary(state.diagnosis.lines, known, (state.ms / 1000).toFixed(2))}${
                      findings[0]?.fatal ? '' : LABELS.noFatal
                    }`
                  : ''}
        </p>
        {state.kind === 'done' && findings.length > 0 && (
          <ol className={styles.findings}>
            {findings.map((f) => (
              <FindingItem key={`${f.message}:${f.lines[0]}`} finding={f} data={state.data} search={search} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
