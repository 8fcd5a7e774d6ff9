import {useCallback, useRef, useState} from 'react';
import {useLocationChange, useScrollPosition} from '@docusaurus/theme-common/internal';

/** Scroll events closer together than this belong to the same (possibly smooth) jump to an anchor. */
const ANCHOR_SCROLL_SETTLE_MS = 150;

/**
 * The stock hook (theme-common 3.10) with the spec's rule for hash anchors: the navbar hides when the reader scrolls
 * down past its height and reappears on scrolling up or after navigating to a hash anchor. The stock hook hides it
 * on hash navigation instead; here it is shown, and the browser's own scroll to the anchor does not hide it again.
 */
export function useHideableNavbar(hideOnScroll: boolean): {
  navbarRef: (node: HTMLElement | null) => void;
  isNavbarVisible: boolean;
} {
  const [isNavbarVisible, setIsNavbarVisible] = useState(hideOnScroll);
  const navbarHeight = useRef(0);
  // Until this time, scroll events are the jump to an anchor; each one moves it on while the scroll goes on.
  const anchorScrollUntil = useRef(0);
  const navbarRef = useCallback((node: HTMLElement | null) => {
    if (node !== null) navbarHeight.current = node.getBoundingClientRect().height;
  }, []);

  useScrollPosition(({scrollY: scrollTop}, lastPosition) => {
    if (!hideOnScroll) return;
    // Rubber-band scrolling above the top of the page.
    if (scrollTop < navbarHeight.current) {
      setIsNavbarVisible(true);
      return;
    }
    const now = performance.now();
    if (now < anchorScrollUntil.current) {
      anchorScrollUntil.current = now + ANCHOR_SCROLL_SETTLE_MS;
      return;
    }
    const lastScrollTop = lastPosition?.scrollY;
    // No movement (the first call, at mount, on a page opened at an anchor): nothing to decide.
    if (lastScrollTop === undefined || scrollTop === lastScrollTop) return;
    const documentHeight = document.documentElement.scrollHeight - navbarHeight.current;
    if (scrollTop > lastScrollTop) setIsNavbarVisible(false);
    // Rubber-band scrolling below the bottom of the page.
    else if (scrollTop + window.innerHeight < documentHeight) setIsNavbarVisible(true);
  });

  useLocationChange(({location}) => {
    if (!hideOnScroll) return;
    const id = location.hash ? decodeURIComponent(location.hash.substring(1)) : '';
    if (id && document.getElementById(id)) anchorScrollUntil.current = performance.now() + ANCHOR_SCROLL_SETTLE_MS;
    setIsNavbarVisible(true);
  });

  return {navbarRef, isNavbarVisible};
}
