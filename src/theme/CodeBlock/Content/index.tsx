// Ejected so that the highlighted lines render once. The stock content reads the colour mode and the word-wrap state
// itself, so each of their updates right after hydration (the stored colour choice, a code block found scrollable)
// drew every line and token of every code block again: most of the long task after a page load.
import React, {memo, type ReactNode, type Ref} from 'react';
import clsx from 'clsx';
import type {PrismTheme} from 'prism-react-renderer';
import {Highlight} from '@site/src/prism';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import Line from '@theme/CodeBlock/Line';
import styles from './styles.module.css';

interface LinesProps {
  code: string;
  language: string;
  lineNumbersStart: number | undefined;
  lineClassNames: Record<number, string[]>;
  prismTheme: PrismTheme;
  className: string | undefined;
  codeBlockRef: Ref<HTMLPreElement>;
}

/** The <pre> with its lines: props that only change when the code, its theme or its line markers change. */
const HighlightedLines = memo(function HighlightedLines({
  code,
  language,
  lineNumbersStart,
  lineClassNames,
  prismTheme,
  className: classNameProp,
  codeBlockRef,
}: LinesProps): ReactNode {
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({className, style, tokens: lines, getLineProps, getTokenProps}) => (
        // A tab stop, as in the stock block, so a keyboard can scroll a long line.
        <pre
          ref={codeBlockRef}
          tabIndex={0}
          className={clsx(classNameProp, className, styles.codeBlock, 'thin-scrollbar')}
          style={style}>
          <code
            className={clsx(
              styles.codeBlockLines,
              lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
            )}
            style={lineNumbersStart === undefined ? undefined : {counterReset: `line-count ${lineNumbersStart - 1}`}}>
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
          </code>
        </pre>
      )}
    </Highlight>
  );
}, sameLines);

/** lineClassNames is a new object on every render of the block; compared by value, everything else by identity. */
function sameLines(a: LinesProps, b: LinesProps): boolean {
  return (
    a.code === b.code &&
    a.language === b.language &&
    a.lineNumbersStart === b.lineNumbersStart &&
    a.prismTheme === b.prismTheme &&
    a.className === b.className &&
    a.codeBlockRef === b.codeBlockRef &&
    JSON.stringify(a.lineClassNames) === JSON.stringify(b.lineClassNames)
  );
}

export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  return (
    <HighlightedLines
      code={metadata.code}
      language={metadata.language}
      lineNumbersStart={metadata.lineNumbersStart}
      lineClassNames={metadata.lineClassNames}
      prismTheme={prismTheme}
      className={className}
      codeBlockRef={wordWrap.codeBlockRef}
    />
  );
}
