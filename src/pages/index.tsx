// `/` has no page of its own: it sends the reader to the main doc, with JavaScript (Redirect) and without it
// (the meta refresh and the link in the server-rendered HTML).
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {Redirect} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

export default function Home(): ReactNode {
  // src/settings.ts `homeDocPath`, passed through the config.
  const homeDoc = String(useDocusaurusContext().siteConfig.customFields?.homeDocPath);
  const target = useBaseUrl(homeDoc);
  return (
    <>
      <Head>
        <title>正在跳转到平台介绍</title>
        <meta httpEquiv="refresh" content={`0; url=${target}`} />
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={target} />
      </Head>
      <Redirect to={homeDoc} />
      <noscript>
        <p>
          正在跳转到 <Link to={homeDoc}>平台介绍</Link>。
        </p>
      </noscript>
    </>
  );
}
