// Replaces the core fallback shown when the whole app crashes outside the page layout, whose text is hard-coded
// English: the same Chinese crash screen as a crashed page, on its own (the layout may be what crashed, and it
// needs a route context this boundary does not have).
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import type {Props} from '@theme/Error';
import {translate} from '@docusaurus/Translate';
import {ErrorBoundaryError, ErrorBoundaryTryAgainButton} from '@docusaurus/theme-common';

function CrashScreen({error, tryAgain}: Props): ReactNode {
  return (
    <main className="container margin-vert--xl" role="alert">
      <h1 className="hero__title">{translate({id: 'theme.ErrorPageContent.title', message: 'This page crashed.'})}</h1>
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
    <>
      <Head>
        <title>{translate({id: 'theme.ErrorPageContent.pageTitle', message: 'Page Error'})}</title>
      </Head>
      <CrashScreen error={error} tryAgain={tryAgain} />
    </>
  );
}
