// Keeps the navbar up when one of its items throws while rendering in the browser: the item is replaced by the
// error-boundary message, with the markup of its place (navbar, dropdown or mobile menu) so that it is shown there.
// (An unknown item type still fails the build, where the server render throws.)
import React, {type ReactNode} from 'react';
import NavbarItem from '@theme-original/NavbarItem';
import type NavbarItemType from '@theme/NavbarItem';
import type {WrapperProps} from '@docusaurus/types';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {translate} from '@docusaurus/Translate';

type Props = WrapperProps<typeof NavbarItemType>;

function FailedItem({error, mobile, isDropdownItem}: {error: Error; mobile?: boolean; isDropdownItem?: boolean}) {
  const message = translate({id: 'theme.NavbarItem.error', message: 'This item failed to load'});
  // The desktop navbar hides `navbar__item` below 996 px; the mobile menu and dropdowns are lists of links.
  if (mobile) {
    return (
      <li className="menu__list-item">
        <span className="menu__link" role="alert" title={error.message}>
          {message}
        </span>
      </li>
    );
  }
  if (isDropdownItem) {
    return (
      <li>
        <span className="dropdown__link" role="alert" title={error.message}>
          {message}
        </span>
      </li>
    );
  }
  return (
    <span className="navbar__item" role="alert" title={error.message}>
      {message}
    </span>
  );
}

export default function NavbarItemWrapper(props: Props): ReactNode {
  const {mobile, isDropdownItem} = props as {mobile?: boolean; isDropdownItem?: boolean};
  return (
    <ErrorBoundary fallback={({error}) => <FailedItem error={error} mobile={mobile} isDropdownItem={isDropdownItem} />}>
      <NavbarItem {...props} />
    </ErrorBoundary>
  );
}
