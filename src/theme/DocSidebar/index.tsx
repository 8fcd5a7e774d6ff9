// Ejected (issue #28): the stock component swaps the desktop sidebar for the mobile one right after hydration on a
// narrow screen, which throws away the 90-odd items the server rendered and the browser just hydrated. Here the desktop
// sidebar stays (the stylesheet hides it below the breakpoint, as it does before hydration) and the mobile one, the
// menu's second panel, is added beside it.
import React, {type ReactNode} from 'react';
import {useWindowSize} from '@docusaurus/theme-common';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import type {Props} from '@theme/DocSidebar';

export default function DocSidebar(props: Props): ReactNode {
  const windowSize = useWindowSize();
  return (
    <>
      <DocSidebarDesktop {...props} />
      {windowSize === 'mobile' && <DocSidebarMobile {...props} />}
    </>
  );
}
