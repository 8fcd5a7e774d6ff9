// Gives a crashed page the page-error document title; the stock content (translated title, retry button, error
// text) is kept as it is.
import React, {type ReactNode} from 'react';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type ErrorPageContentType from '@theme/ErrorPageContent';
import type {WrapperProps} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';

type Props = WrapperProps<typeof ErrorPageContentType>;

export function pageErrorTitle(): string {
  return translate({id: 'theme.ErrorPageContent.pageTitle', message: 'Page Error'});
}

export default function ErrorPageContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata title={pageErrorTitle()} />
      <ErrorPageContent {...props} />
    </>
  );
}
