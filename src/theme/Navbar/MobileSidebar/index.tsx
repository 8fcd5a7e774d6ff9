// Wrapped: the mobile menu (navbar items, and the docs sidebar as its second panel) is drawn in a transition after
// hydration, in slices, not in the one synchronous render that follows it.
import React, {startTransition, useEffect, useState, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';

export default function NavbarMobileSidebarWrapper(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready || shown ? <MobileSidebar /> : null;
}
