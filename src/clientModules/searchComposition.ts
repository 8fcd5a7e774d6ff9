// Typing Chinese through an input method (IME) in the search modal and on /search: while the reader composes (pinyin
// x, xi, xia, xian … until 显存 is picked), the box holds Latin letters that are not the query. DocSearch 4.7 gives no
// way to switch on autocomplete's `ignoreCompositionEvents`, and even that option would show the letters' "no results"
// screen; the /search page searches on every change. So the search inputs' own handlers never see a composition: from
// `compositionstart` to `compositionend` their composition and input events, and any key marked as composing (the
// Enter, Space and arrows that pick a candidate), stop at the window (capture phase, before React's listeners): nothing
// is searched, fetched or redrawn. When the composition ends, one `input` event carries the committed text to the
// page, which searches it once, as if it had been typed (the modal's maxLength caps it at 64 characters).

/** The modal's input and the /search page's. */
export const SEARCH_INPUT = '.DocSearch-Input, input[type="search"][name="q"]';

/** Installs the guard on `win`; returns a function that removes it. */
export function installCompositionGuard(win: Window & typeof globalThis): () => void {
  let composing: HTMLInputElement | null = null;
  const searchInput = (target: EventTarget | null): HTMLInputElement | null =>
    target instanceof win.HTMLInputElement && target.matches(SEARCH_INPUT) ? target : null;

  const listeners: Record<string, (event: Event) => void> = {
    compositionstart(event) {
      composing = searchInput(event.target);
      if (composing) event.stopPropagation();
    },
    compositionupdate(event) {
      if (composing && event.target === composing) event.stopPropagation();
    },
    input(event) {
      if (!composing || event.target !== composing) return;
      // An input that is not part of the composition (the field cleared while composing) means it ended without
      // compositionend: the page sees it, and the guard lets go.
      if ((event as InputEvent).isComposing) event.stopPropagation();
      else composing = null;
    },
    compositionend(event) {
      const input = composing;
      if (!input || event.target !== input) return;
      composing = null;
      event.stopPropagation();
      // React's change tracking compares the value with the last one it saw, so this reaches the page's onChange only
      // when the committed text differs from the query before the composition (a cancelled composition changes nothing).
      input.dispatchEvent(
        new win.InputEvent('input', {bubbles: true, inputType: 'insertText', data: (event as CompositionEvent).data}),
      );
    },
    keydown(event) {
      const key = event as KeyboardEvent;
      // Chromium and Firefox mark an IME's keys with isComposing; Safari sends the committing Enter after
      // compositionend with keyCode 229 only.
      if ((key.isComposing || key.keyCode === 229) && searchInput(key.target)) key.stopPropagation();
    },
    mousemove(event) {
      // A hovered hit would redraw the modal, and React would then write the old query over the text being composed.
      const target = event.target as Element | null;
      if (composing && typeof target?.closest === 'function' && target.closest('.DocSearch-Modal')) {
        event.stopPropagation();
      }
    },
  };
  for (const [type, listener] of Object.entries(listeners)) win.addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of Object.entries(listeners)) win.removeEventListener(type, listener, true);
  };
}

// Client modules are also evaluated during server rendering, where there is no window.
if (typeof window !== 'undefined') installCompositionGuard(window);
