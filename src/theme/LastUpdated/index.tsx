// Wraps the theme's "最后更新" line with the page's review stamp (reviews/README.md, src/reviews): what the page was
// last checked against and when, or that it changed after that check. The stamp comes from the page's front matter
// (`review`, added at build time by docusaurus.config.ts); only doc pages show this line.
import React, {type ReactNode} from 'react';
import LastUpdated from '@theme-original/LastUpdated';
import type LastUpdatedType from '@theme/LastUpdated';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import type {ReviewStamp} from '@site/src/reviews';
import styles from './styles.module.css';

type Props = WrapperProps<typeof LastUpdatedType>;

function stampText(review: ReviewStamp): string {
  if (review.status === 'none') return '本页尚未按上游源码核对';
  const checked = `本页按 ${review.against} 核对（${review.date}）`;
  return review.status === 'changed' ? `${checked}，上次核对后有改动` : checked;
}

export default function LastUpdatedWrapper(props: Props): ReactNode {
  const review = (useDoc().frontMatter as {review?: ReviewStamp}).review;
  return (
    <>
      <LastUpdated {...props} />
      {review && (
        <span className={styles.review} data-review={review.status}>
          {stampText(review)}
        </span>
      )}
    </>
  );
}
