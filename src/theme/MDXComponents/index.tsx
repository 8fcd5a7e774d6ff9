// Registry extension: a table wider than the page scrolls inside a region that the keyboard can focus and scroll; and
// the blocks of an article that are only text (paragraphs, lists, quotes, tables with no link and no code block) keep
// the server's markup when the page hydrates, instead of React walking them again (src/lib/serverMarkup.tsx).
import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import {translate} from '@docusaurus/Translate';
import {renderBlock, useKeepServerMarkup, type PlainComponent} from '@site/src/lib/serverMarkup';
import styles from './styles.module.css';

/** MDX's code element is inline code (plain) when all its children are one-line strings, as MDXCode decides. */
function isInlineCode(props: Record<string, unknown>): boolean {
  const children = React.Children.toArray(props.children as ReactNode);
  return children.length > 0 && children.every((child) => typeof child === 'string' && !child.includes('\n'));
}

/** The components of this registry whose output is markup only. Set below, once the components exist. */
const plainTypes = new Set<unknown>();
export const plain: PlainComponent = (type, props) =>
  plainTypes.has(type) || (type === MDXComponents.code && isInlineCode(props));

function P(props: ComponentProps<'p'>): ReactNode {
  return renderBlock('p', props, useKeepServerMarkup(props.children, plain));
}

function Ol(props: ComponentProps<'ol'>): ReactNode {
  return renderBlock('ol', props, useKeepServerMarkup(props.children, plain));
}

function Blockquote(props: ComponentProps<'blockquote'>): ReactNode {
  return renderBlock('blockquote', props, useKeepServerMarkup(props.children, plain));
}

const OriginalUl = MDXComponents.ul;

function Ul(props: ComponentProps<'ul'>): ReactNode {
  // The stock list (it adds a class to task lists) passes its props on to the <ul>.
  return renderBlock(OriginalUl, props, useKeepServerMarkup(props.children, plain));
}

function Table(props: ComponentProps<'table'>): ReactNode {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const keep = useKeepServerMarkup(props.children, plain);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const update = () => setScrolls(element.scrollWidth > element.clientWidth);
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Only a table that actually scrolls becomes a tab stop (WCAG 2.1.1); the others add nothing to the Tab order.
  const region = scrolls
    ? {
        tabIndex: 0,
        role: 'region',
        'aria-label': translate({
          id: 'theme.MDXComponents.scrollableTable',
          message: '表格（可左右滚动）',
          description: 'Accessible name of the focusable box around a table that is wider than the page',
        }),
      }
    : {};
  return (
    <div ref={scroller} className={styles.tableScroll} {...region}>
      {renderBlock('table', props, keep)}
    </div>
  );
}

for (const type of [P, Ol, Ul, Blockquote, MDXComponents.li, MDXComponents.img]) plainTypes.add(type);

export default {...MDXComponents, table: Table, p: P, ul: Ul, ol: Ol, blockquote: Blockquote};
