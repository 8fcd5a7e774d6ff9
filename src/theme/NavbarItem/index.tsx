// Keeps the navbar up when one of its items throws while rendering in the browser: the item is replaced by the
// error-boundary message. (An unknown item type still fails the build, where the server render throws.)
import React, {type ReactNode} from 'react';
import NavbarItem from '@theme-original/NavbarItem';
import type NavbarItemType from '@theme/NavbarItem';
import type {WrapperProps} from '@docusaurus/types';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {translate} from '@docusaurus/Translate';

type Props = WrapperProps<typeof NavbarItemType>;

export default function NavbarItemWrapper(props: Props): ReactNode {
  return (
    <ErrorBoundary
      fallback={({error}) => (
        <span className="navbar__item" role="alert" title={error.message}>
          {translate({id: 'theme.NavbarItem.error', message: 'This item failed to load'})}
        </span>
      )}>
      <NavbarItem {...props} />
    </ErrorBoundary>
  );
}
