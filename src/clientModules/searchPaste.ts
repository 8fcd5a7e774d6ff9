// A whole traceback or log pasted into search (issue #38): the box used to keep its first 64 characters,
// `Traceback (most recent call last):  File "/opt/conda/...`, which finds nothing. A paste into the modal's box or the
// /search page's that has several lines or is longer than the query limit becomes its fatal line instead, without
// paths and addresses, cut at a word (src/search/shared/pastedError.ts); a short one-line paste is left to the browser.
// Only the paste event carries the whole text (the box's maxLength cuts what reaches it), so this listens on the
// window in the capture phase, before the box, and cancels the browser's insertion. The rest is a chunk of its own,
// loaded on the first long paste (src/search/client/pasteIntoSearch.ts): it keeps the whole text in sessionStorage
// under DIAGNOSE_TEXT_KEY (never in a URL) for 报错诊断, and puts the query in through the input's own value setter and
// one `input` event, as if it had been typed (React's onChange then runs; no React state is set in the capture phase,
// see src/theme/SearchBar/ModalScreen.tsx, which renders the modal's offer to open the text in 报错诊断).
import {MAX_QUERY_LENGTH} from '../search/shared/limits';
import {SEARCH_INPUT} from './searchComposition';

/** Where the whole pasted text waits for the 报错诊断 page (the page removes it once read). */
export const DIAGNOSE_TEXT_KEY = 'lfo:diagnose-text';
/** The 报错诊断 page's box. */
export const DIAGNOSE_PATH = '/docs/documents/problems/diagnose#paste';

/** Whether a paste is left to the browser: one line, within the query limit. */
export function isPlainPaste(text: string): boolean {
  const trimmed = text.trim();
  return !trimmed.includes('\n') && trimmed.length <= MAX_QUERY_LENGTH;
}

/** Installs the handler on `win`; returns a function that removes it. */
export function installPasteHandler(win: Window & typeof globalThis): () => void {
  const shorten = (input: HTMLInputElement, text: string) =>
    void import(/* webpackChunkName: "search-paste" */ '../search/client/pasteIntoSearch').then((m) =>
      m.pasteIntoSearch(win, input, text),
    );
  const onPaste = (event: ClipboardEvent) => {
    const input = event.target;
    if (event.defaultPrevented || !(input instanceof win.HTMLInputElement) || !input.matches(SEARCH_INPUT)) return;
    const text = event.clipboardData?.getData('text') ?? '';
    if (!text || isPlainPaste(text)) return;
    event.preventDefault();
    shorten(input, text);
  };
  // A paste made while the modal opens is recorded by the early script (src/search/client/earlyIntent.ts), which puts
  // it into the box once the box has focus, in a task after this focusin: take it from there.
  const onFocus = (event: FocusEvent) => {
    const intent = win.__searchIntent;
    const input = event.target;
    if (!intent?.waiting || !intent.text || isPlainPaste(intent.text)) return;
    if (!(input instanceof win.HTMLInputElement) || !input.matches('.DocSearch-Input')) return;
    const text = intent.text;
    intent.text = '';
    shorten(input, text);
  };
  win.addEventListener('paste', onPaste, true);
  win.addEventListener('focusin', onFocus, true);
  return () => {
    win.removeEventListener('paste', onPaste, true);
    win.removeEventListener('focusin', onFocus, true);
  };
}

// Client modules are also evaluated during server rendering, where there is no window.
if (typeof window !== 'undefined') installPasteHandler(window);
