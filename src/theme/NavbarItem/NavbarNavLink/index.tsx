// Appends the `source` cookie to every navbar link (plain, dropdown, doc and console links all render through here).
import React, {type ReactNode} from 'react';
import NavbarNavLink from '@theme-original/NavbarItem/NavbarNavLink';
import type NavbarNavLinkType from '@theme/NavbarItem/NavbarNavLink';
import type {WrapperProps} from '@docusaurus/types';
import {appendSource, useSourceCookie} from '@site/src/lib/sourceCookie';

type Props = WrapperProps<typeof NavbarNavLinkType>;

export default function NavbarNavLinkWrapper({to, href, ...props}: Props): ReactNode {
  const source = useSourceCookie();
  return (
    <NavbarNavLink
      {...props}
      {...(to !== undefined && {to: appendSource(to, source)})}
      {...(href !== undefined && {href: appendSource(href, source)})}
    />
  );
}
