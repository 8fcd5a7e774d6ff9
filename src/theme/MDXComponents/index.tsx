// Registry extension: a table wider than the page scrolls inside a region that the keyboard can focus and scroll.
import React, {startTransition, useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

function Table(props: ComponentProps<'table'>): ReactNode {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const update = () => {
      const overflows = element.scrollWidth > element.clientWidth;
      startTransition(() => setScrolls(overflows));
    };
    if (typeof ResizeObserver === 'undefined') {
      update();
      return undefined;
    }
    // The observer reports the box once when it starts observing, after the browser's next layout: measuring here
    // instead would force that layout inside hydration's effects. The attributes follow in a transition.
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
      <table {...props} />
    </div>
  );
}

export default {...MDXComponents, table: Table};
