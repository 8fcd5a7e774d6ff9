// `/` has no page of its own: it sends the reader to the main doc, with JavaScript (Redirect) and without it
// (the meta refresh and the link in the server-rendered HTML).
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {Redirect} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';

const HOME_DOC = '/docs/documents/introduct';

export default function Home(): ReactNode {
  const target = useBaseUrl(HOME_DOC);
  return (
    <>
      <Head>
        <title>正在跳转到平台介绍</title>
        <meta httpEquiv="refresh" content={`0; url=${target}`} />
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={target} />
      </Head>
      <Redirect to={HOME_DOC} />
      <noscript>
        <p>
          正在跳转到 <Link to={HOME_DOC}>平台介绍</Link>。
        </p>
      </noscript>
    </>
  );
}
