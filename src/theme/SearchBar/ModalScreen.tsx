// DocSearch 4.7 shows no start screen without history and turns an unreachable backend into "no results"; the spec
// (and DocSearch 3) show 'No recent searches' and 'Unable to fetch results'. This renders those two screens into
// the open modal, in DocSearch's own markup and classes, and hides the modal's dropdown while one is shown.
// It also renders, in the header under the search box, the offer to open a long pasted log in 报错诊断 (issue #38; the
// paste itself is handled in src/clientModules/searchPaste.ts), while the box holds the query the paste became.
import React, {useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import {DIAGNOSE_PATH} from '@site/src/clientModules/searchPaste';
import type {ModalTranslations} from './index';

interface ModalState {
  modal: HTMLElement | null;
  /** The modal's header (the search box): the paste offer goes in it, after the box in the focus order too. */
  header: HTMLElement | null;
  query: string;
  /** Whether DocSearch itself shows a dropdown (results, history or its no-results screen). */
  dropdown: boolean;
  /** Lines of the long text pasted into the box, while the box holds the query it became (0: no offer). */
  pastedLines: number;
}

function readModal(): ModalState {
  const modal = document.querySelector<HTMLElement>('.DocSearch-Modal');
  const box = modal?.querySelector<HTMLInputElement>('.DocSearch-Input');
  const pasted = box?.value && box.dataset.pastedQuery === box.value;
  return {
    modal,
    header: modal?.querySelector<HTMLElement>('.DocSearch-SearchBar') ?? null,
    query: box?.value ?? '',
    dropdown: !!modal?.querySelector('.DocSearch-Dropdown:not([data-search-screen])'),
    pastedLines: pasted ? Number(box.dataset.pastedLines) : 0,
  };
}

function ErrorIcon() {
  return (
    <svg
      width="40"
      height="40"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      aria-hidden="true">
      <circle cx="10" cy="10" r="8" />
      <path d="M10 5.5v5.5M10 14.5v0" />
    </svg>
  );
}

function Offer({lines, onClose}: {lines: number; onClose: () => void}) {
  return (
    <p className="search-paste-offer" data-paste-offer="">
      <Translate id="search.paste.searched">已按其中的报错行搜索。</Translate>
      <Link to={DIAGNOSE_PATH} onClick={onClose}>
        <Translate id="search.paste.diagnose" values={{lines: String(lines)}}>
          {'用报错诊断分析全部 {lines} 行'}
        </Translate>
      </Link>
    </p>
  );
}

export default function ModalScreen({
  failed,
  translations,
  onClose,
}: {
  failed: boolean;
  translations: ModalTranslations;
  onClose: () => void;
}): ReactNode {
  const [state, setState] = useState<ModalState>({
    modal: null,
    header: null,
    query: '',
    dropdown: true,
    pastedLines: 0,
  });
  useEffect(() => {
    const update = () =>
      setState((prev) => {
        const next = readModal();
        return next.modal === prev.modal &&
          next.header === prev.header &&
          next.query === prev.query &&
          next.dropdown === prev.dropdown &&
          next.pastedLines === prev.pastedLines
          ? prev
          : next;
      });
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {childList: true, subtree: true});
    // In the bubble phase, after React has handled the input (issue #35). A state update made before that, in the
    // capture phase, was committed at the microtask checkpoint between the two listeners: React wrote DocSearch's
    // query, one key behind, back into the box, its value tracker took that value, and it then saw no change and
    // never called onChange: the key was lost (11 of 15 words typed at 30 ms a key).
    document.addEventListener('input', update);
    return () => {
      observer.disconnect();
      document.removeEventListener('input', update);
    };
  }, []);

  const {errorScreen, startScreen} = translations ?? {};
  let screen: ReactNode = null;
  if (failed && state.query) {
    screen = (
      <div className="DocSearch-ErrorScreen">
        <div className="DocSearch-Screen-Icon">
          <ErrorIcon />
        </div>
        <p className="DocSearch-Title">{errorScreen?.titleText}</p>
        <p className="DocSearch-Help">{errorScreen?.helpText}</p>
      </div>
    );
  } else if (!state.query && !state.dropdown) {
    screen = (
      <div className="DocSearch-StartScreen">
        <p className="DocSearch-Help">{startScreen?.noRecentSearchesText}</p>
      </div>
    );
  }
  if (!state.modal) return null;
  return (
    <>
      {state.pastedLines > 0 &&
        state.header &&
        createPortal(<Offer lines={state.pastedLines} onClose={onClose} />, state.header, 'paste-offer')}
      {screen &&
        createPortal(
          <div className="DocSearch-Dropdown" data-search-screen="" role="status">
            {screen}
          </div>,
          state.modal,
          'screen',
        )}
    </>
  );
}
