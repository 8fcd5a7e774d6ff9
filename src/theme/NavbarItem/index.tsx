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
  const alert = (className: string) => (
    <span className={className} role="alert" title={error.message}>
      {translate({id: 'theme.NavbarItem.error', message: 'This item failed to load'})}
    </span>
  );
  // The desktop navbar hides `navbar__item` below 996 px; the mobile menu and dropdowns are lists of links.
  if (mobile) return <li className="menu__list-item">{alert('menu__link')}</li>;
  if (isDropdownItem) return <li>{alert('dropdown__link')}</li>;
  return alert('navbar__item');
}

export default function NavbarItemWrapper(props: Props): ReactNode {
  const {mobile, isDropdownItem} = props as {mobile?: boolean; isDropdownItem?: boolean};
  return (
    <ErrorBoundary fallback={({error}) => <FailedItem error={error} mobile={mobile} isDropdownItem={isDropdownItem} />}>
      <NavbarItem {...props} />
    </ErrorBoundary>
  );
}
