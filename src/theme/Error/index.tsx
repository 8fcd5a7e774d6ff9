// Replaces the core fallback shown when the whole layout crashes, whose text is hard-coded English: the same
// Chinese crash screen as a crashed page, inside the site layout when that still renders, bare otherwise.
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import type {Props} from '@theme/Error';
import {translate} from '@docusaurus/Translate';
import {ErrorBoundaryError, ErrorBoundaryTryAgainButton} from '@docusaurus/theme-common';
import Layout from '@theme/Layout';

function CrashScreen({error, tryAgain}: Props): ReactNode {
  return (
    <main className="container margin-vert--xl" role="alert">
      <h1 className="hero__title">
        {translate({id: 'theme.ErrorPageContent.title', message: 'This page crashed.'})}
      </h1>
      <div className="margin-vert--lg">
        <ErrorBoundaryTryAgainButton onClick={tryAgain} className="button button--primary" />
      </div>
      <hr />
      <ErrorBoundaryError error={error} />
    </main>
  );
}

export default function Error({error, tryAgain}: Props): ReactNode {
  return (
    <ErrorBoundary fallback={() => <CrashScreen error={error} tryAgain={tryAgain} />}>
      <Head>
        <title>{translate({id: 'theme.ErrorPageContent.pageTitle', message: 'Page Error'})}</title>
      </Head>
      <Layout>
        <CrashScreen error={error} tryAgain={tryAgain} />
      </Layout>
    </ErrorBoundary>
  );
}
