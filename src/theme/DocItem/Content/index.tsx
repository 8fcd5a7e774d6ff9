// Adds "复制为 Markdown" and "查看 Markdown" above every doc page: the page's Markdown is the `.md` file that
// src/plugins/llms-txt.ts writes next to the page at build time.
import React, {useState, type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;
type CopyState = 'idle' | 'copying' | 'copied' | 'failed';

function PageMarkdownActions(): ReactNode {
  const {metadata} = useDoc();
  const markdownUrl = `${metadata.permalink}.md`;
  const [state, setState] = useState<CopyState>('idle');

  const copy = async () => {
    setState('copying');
    try {
      const response = await fetch(markdownUrl);
      if (!response.ok) throw new Error(String(response.status));
      await navigator.clipboard.writeText(await response.text());
      setState('copied');
    } catch {
      setState('failed');
    }
    window.setTimeout(() => setState('idle'), 3000);
  };

  const label = {
    idle: translate({id: 'theme.docs.copyMarkdown', message: 'Copy as Markdown'}),
    copying: translate({id: 'theme.docs.copyMarkdown.copying', message: 'Copying…'}),
    copied: translate({id: 'theme.docs.copyMarkdown.copied', message: 'Copied'}),
    failed: translate({id: 'theme.docs.copyMarkdown.failed', message: 'Copy failed, open the Markdown instead'}),
  }[state];

  return (
    <div className={styles.actions}>
      <button type="button" className={styles.action} onClick={copy} disabled={state === 'copying'}>
        {label}
      </button>
      <span className="sr-only" role="status" aria-live="polite">
        {state === 'copied' || state === 'failed' ? label : ''}
      </span>
      <a className={styles.action} href={markdownUrl} target="_blank" rel="noopener">
        {translate({id: 'theme.docs.viewMarkdown', message: 'View Markdown'})}
      </a>
    </div>
  );
}

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMarkdownActions />
      <Content {...props} />
    </>
  );
}
