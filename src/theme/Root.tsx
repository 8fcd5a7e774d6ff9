// The theme's view of "is this the browser" (`useIsBrowser`, `<BrowserOnly>`) turns true in a transition. Core turns
// it true in an effect right after hydration, so everything that depends on it (category links losing their
// no-JavaScript href, code-block buttons, themed images, the colour toggle, tabs) rendered again in one task of
// 100–120 ms on a mid-range phone (4x CPU, MAINTAINERS.md 页面加载). Here the theme reads a context of its own, the same one
// `useIsBrowser` reads, set true in `startTransition`: React draws that render in slices between which the browser
// may paint and handle input; the result is the same. Core's own value still turns true right after hydration, and
// with it `<html data-has-hydrated>` (rendered outside Root); `<html data-theme-live>` marks that this render is done,
// which the e2e tests wait for (tests/e2e/helpers.ts). src/internals.ts lists the reach (core's browser context).
import React, {startTransition, useEffect, useLayoutEffect, useState, type ReactNode} from 'react';
import {Context} from '@docusaurus/core/lib/client/browserContext';

/** Set on <html> once the theme has rendered as in the browser. */
const LIVE_ATTRIBUTE = 'data-theme-live';

function Live(): null {
  useLayoutEffect(() => {
    document.documentElement.setAttribute(LIVE_ATTRIBUTE, 'true');
  }, []);
  return null;
}

export default function Root({children}: {children: ReactNode}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return (
    <Context.Provider value={isBrowser}>
      {children}
      {isBrowser && <Live />}
    </Context.Provider>
  );
}
