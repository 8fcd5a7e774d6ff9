// DocSearch 4.7 shows no start screen without history and turns an unreachable backend into "no results"; the spec
// (and DocSearch 3) show 'No recent searches' and 'Unable to fetch results'. This renders those two screens into
// the open modal, in DocSearch's own markup and classes, and hides the modal's dropdown while one is shown.
import React, {useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import type {ModalTranslations} from './index';

interface ModalState {
  modal: HTMLElement | null;
  query: string;
  /** Whether DocSearch itself shows a dropdown (results, history or its no-results screen). */
  dropdown: boolean;
}

function readModal(): ModalState {
  const modal = document.querySelector<HTMLElement>('.DocSearch-Modal');
  return {
    modal,
    query: modal?.querySelector<HTMLInputElement>('.DocSearch-Input')?.value ?? '',
    dropdown: !!modal?.querySelector('.DocSearch-Dropdown:not([data-search-screen])'),
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

export default function ModalScreen({
  failed,
  translations,
}: {
  failed: boolean;
  translations: ModalTranslations;
}): ReactNode {
  const [state, setState] = useState<ModalState>({modal: null, query: '', dropdown: true});
  useEffect(() => {
    const update = () =>
      setState((prev) => {
        const next = readModal();
        return next.modal === prev.modal && next.query === prev.query && next.dropdown === prev.dropdown ? prev : next;
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
  if (!state.modal || !screen) return null;
  return createPortal(
    <div className="DocSearch-Dropdown" data-search-screen="" role="status">
      {screen}
    </div>,
    state.modal,
  );
}
