// Wrapped: the mobile menu (navbar items, and the docs sidebar as its second panel) is drawn in a transition after
// hydration, in slices, not in the one synchronous render that follows it; and only once the theme has drawn its
// browser-only state (src/theme/Root.tsx), so that the two transitions are not rendered as one and the page's own
// controls are live first. A tap on the menu button before then draws the menu at once.
import React, {startTransition, useEffect, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';

export default function NavbarMobileSidebarWrapper(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const isBrowser = useIsBrowser();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (isBrowser) startTransition(() => setReady(true));
  }, [isBrowser]);
  return ready || shown ? <MobileSidebar /> : null;
}
