import {useCallback, useRef, useState} from 'react';
import {useLocationChange, useScrollPosition} from '@docusaurus/theme-common/internal';

/**
 * Whether a jump to the element has put it where the browser puts anchors: its scroll margin below the top of the
 * viewport, or lower when the end of the page stops the scroll short.
 */
function atAnchorPosition(element: HTMLElement): boolean {
  const top = element.getBoundingClientRect().top;
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const {scrollHeight} = document.documentElement;
  const atPageEnd = window.scrollY + window.innerHeight >= scrollHeight - 2;
  return Math.abs(top - margin) <= 2 || (atPageEnd && top > margin);
}

/**
 * The stock hook (theme-common 3.10) with the spec's rule for hash anchors: the navbar hides when the reader scrolls
 * down past its height and reappears on scrolling up or after navigating to a hash anchor. The stock hook hides it
 * on hash navigation instead; here it is shown, and the browser's own scroll to the anchor does not hide it again.
 * That scroll is told apart by where it leaves the anchor, not by when it comes: on a busy machine the scroll event
 * can arrive long after the location change.
 */
export function useHideableNavbar(hideOnScroll: boolean): {
  navbarRef: (node: HTMLElement | null) => void;
  isNavbarVisible: boolean;
} {
  const [isNavbarVisible, setIsNavbarVisible] = useState(hideOnScroll);
  const navbarHeight = useRef(0);
  // The anchor just navigated to, until a scroll moves it away from where the jump put it.
  const anchor = useRef<HTMLElement | null>(null);
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
    if (anchor.current) {
      // The jump to the anchor (or the page settling around it) leaves the navbar shown.
      if (anchor.current.isConnected && atAnchorPosition(anchor.current)) return;
      anchor.current = null;
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
    anchor.current = id ? document.getElementById(id) : null;
    setIsNavbarVisible(true);
  });

  return {navbarRef, isNavbarVisible};
}
