// Wrapper: a diagram (and the Mermaid library, about 150 KiB gzip) is rendered only when it comes near the viewport,
// so pages with diagrams below the fold load and become interactive as fast as pages without.
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType>;

/** Start loading this far before the diagram scrolls into view, so it is usually drawn by the time it is seen. */
const ROOT_MARGIN = '200px 0px';

export default function MermaidWrapper(props: Props): ReactNode {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      {rootMargin: ROOT_MARGIN},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (near) return <Mermaid {...props} />;
  return (
    <div
      ref={placeholder}
      className={styles.placeholder}
      role="img"
      aria-label={translate({id: 'theme.Mermaid.loading', message: '图表加载中'})}
    />
  );
}
