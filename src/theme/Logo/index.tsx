// Appends the `source` cookie to the logo's home link (the stock Logo lets a `to` prop override its link).
import React, {type ReactNode} from 'react';
import Logo from '@theme-original/Logo';
import type LogoType from '@theme/Logo';
import type {WrapperProps} from '@docusaurus/types';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useThemeConfig} from '@docusaurus/theme-common';
import {appendSource, useSourceCookie} from '@site/src/lib/sourceCookie';

type Props = WrapperProps<typeof LogoType>;

export default function LogoWrapper(props: Props): ReactNode {
  const source = useSourceCookie();
  const {navbar} = useThemeConfig();
  const home = useBaseUrl(navbar.logo?.href || '/');
  if (!source) return <Logo {...props} />;
  const withTo = {...props, to: appendSource(home, source)} as Props;
  return <Logo {...withTo} />;
}
