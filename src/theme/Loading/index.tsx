// Replaces the core loading fallback, whose text is hard-coded English: a spinner after the loader's delay (200 ms)
// and, when a page chunk fails to load, its error in a red box with a Retry button that loads the chunk again.
import React, {type ReactNode} from 'react';
import type {LoadingComponentProps} from 'react-loadable';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

export default function Loading({error, retry, pastDelay}: LoadingComponentProps): ReactNode {
  if (error) {
    return (
      <div className={styles.error} role="alert">
        <p>{String(error)}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {translate({id: 'theme.Loading.retry', message: 'Retry'})}
        </button>
      </div>
    );
  }
  if (!pastDelay) return null;
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="sr-only">{translate({id: 'theme.Loading.label', message: 'Loading'})}</span>
    </div>
  );
}
