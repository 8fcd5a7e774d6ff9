// Ejected so that the highlighted lines render once, and without Prism on the page's first load. The stock content
// reads the colour mode and the word-wrap state itself, so each of their updates right after hydration (the stored
// colour choice, a code block found scrollable) drew every line and token of every code block again, with the colours
// inline. Here the colours are a stylesheet for both modes (src/prism/themeCss.ts), the lines a memoised component, and
// a block that hydrates keeps the server's highlighted markup as it is: the browser loads Prism (src/prism/load.ts)
// only for a block it draws itself (one that a client-side navigation brings).
import React, {memo, useLayoutEffect, useRef, useState, type ReactNode, type Ref} from 'react';
import clsx from 'clsx';
import {blockClassName, Highlight} from '@site/src/prism/highlight';
import {styledProperties} from '@site/src/prism/themeCss';
import {useTokenizer} from '@site/src/prism/load';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useThemeConfig, type ThemeConfig} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import Line from '@theme/CodeBlock/Line';
import styles from './styles.module.css';

interface LinesProps {
  code: string;
  language: string;
  lineNumbersStart: number | undefined;
  lineClassNames: Record<number, string[]>;
  className: string | undefined;
  codeBlockRef: Ref<HTMLPreElement>;
}

const styledCache = new WeakMap<ThemeConfig['prism'], Map<string, Set<string>>>();

/** What both colour themes style, per token type: worked out once for the site's config. */
function styledTypes(prism: ThemeConfig['prism']): Map<string, Set<string>> {
  let styled = styledCache.get(prism);
  if (!styled) styledCache.set(prism, (styled = styledProperties([prism.theme, prism.darkTheme ?? prism.theme])));
  return styled;
}

/** The <pre> with its lines: props that only change when the code or its line markers change. */
const HighlightedLines = memo(function HighlightedLines(props: LinesProps): ReactNode {
  const {code, language, lineNumbersStart, lineClassNames, className: classNameProp, codeBlockRef} = props;
  const {prism} = useThemeConfig();
  // The props the server rendered with, while this block shows the server's markup (it was hydrated, and has not been
  // drawn anew since). A change of them draws it anew once Prism is there; until then the markup stays as it is. In
  // the browser every block starts so, and the layout effect tells one that React hydrated (its <code> holds the
  // server's lines) from one the browser mounts itself (empty), which it draws before the browser paints. Issue #28:
  // this used to be a useSyncExternalStore whose server snapshot said "hydrating"; React re-renders such a hook
  // synchronously right after hydration, and took every other update of that moment (the providers' effects) into the
  // same synchronous render, one long task.
  const [serverProps, setServerProps] = useState(() => (ExecutionEnvironment.canUseDOM ? props : undefined));
  const serverCode = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (serverProps !== undefined && !serverCode.current?.hasChildNodes()) setServerProps(undefined);
  }, [serverProps]);
  const changed = serverProps !== undefined && !sameLines(serverProps, props);
  const tokenize = useTokenizer(serverProps === undefined || changed);
  if (changed && tokenize) setServerProps(undefined);
  const codeProps = {
    className: clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering),
    style: lineNumbersStart === undefined ? undefined : {counterReset: `line-count ${lineNumbersStart - 1}`},
  };
  // A tab stop, as in the stock block, so a keyboard can scroll a long line.
  const pre = (className: string, content: ReactNode) => (
    <pre ref={codeBlockRef} tabIndex={0} className={clsx(classNameProp, className, styles.codeBlock, 'thin-scrollbar')}>
      {content}
    </pre>
  );
  if (serverProps !== undefined) {
    // React leaves an element's server content alone when it is set as inner HTML (and does not compare it).
    return pre(
      blockClassName(language),
      <code {...codeProps} ref={serverCode} dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />,
    );
  }
  return (
    <Highlight code={code} language={language} styled={styledTypes(prism)} tokenize={tokenize}>
      {({className, tokens: lines, getLineProps, getTokenProps}) =>
        pre(
          className,
          <code {...codeProps}>
            {lines.map((line, i) => (
              <Line
                key={i}
                line={line}
                getLineProps={getLineProps}
                getTokenProps={getTokenProps}
                classNames={lineClassNames[i]}
                showLineNumbers={lineNumbersStart !== undefined}
              />
            ))}
          </code>,
        )
      }
    </Highlight>
  );
}, sameLines);

/** lineClassNames is a new object on every render of the block; compared by value, everything else by identity. */
function sameLines(a: LinesProps, b: LinesProps): boolean {
  return (
    a.code === b.code &&
    a.language === b.language &&
    a.lineNumbersStart === b.lineNumbersStart &&
    a.className === b.className &&
    a.codeBlockRef === b.codeBlockRef &&
    JSON.stringify(a.lineClassNames) === JSON.stringify(b.lineClassNames)
  );
}

export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  return (
    <HighlightedLines
      code={metadata.code}
      language={metadata.language}
      lineNumbersStart={metadata.lineNumbersStart}
      lineClassNames={metadata.lineClassNames}
      className={className}
      codeBlockRef={wordWrap.codeBlockRef}
    />
  );
}
