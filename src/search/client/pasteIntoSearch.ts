// The work behind a long paste into a search box (src/clientModules/searchPaste.ts, which loads this on the first
// one): keep the whole text for 报错诊断, put the query for its fatal line into the box as if typed, and mark the
// modal's box for the offer (src/theme/SearchBar/ModalScreen.tsx).
import {DIAGNOSE_TEXT_KEY} from '../../clientModules/searchPaste';
import {pastedQuery} from '../shared/pastedError';

/** Keeps the text for 报错诊断; false when session storage is off or full. */
export function storeForDiagnosis(win: Window, text: string): boolean {
  try {
    if (!win.sessionStorage) return false;
    win.sessionStorage.setItem(DIAGNOSE_TEXT_KEY, text);
    return true;
  } catch {
    return false;
  }
}

export function pasteIntoSearch(win: Window & typeof globalThis, input: HTMLInputElement, text: string): void {
  const query = pastedQuery(text);
  // The offer stands while the box holds this query (data-pasted-query) and names the text's lines.
  if (storeForDiagnosis(win, text) && input.matches('.DocSearch-Input')) {
    input.dataset.pastedQuery = query;
    input.dataset.pastedLines = String(text.split('\n').filter((l) => l.trim()).length);
  } else {
    delete input.dataset.pastedQuery;
  }
  if (!input.isConnected) return;
  Object.getOwnPropertyDescriptor(win.HTMLInputElement.prototype, 'value')!.set!.call(input, query);
  input.dispatchEvent(new win.Event('input', {bubbles: true}));
}
