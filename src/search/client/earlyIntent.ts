// Keys and clicks meant for search that arrive before the search box can take them (issue #35). The page paints
// before the site bundle runs (src/ssrTemplate.ts), and the modal's code loads on first use, so there are two windows
// in which a reader's intent used to be dropped:
// - before the page is live: Ctrl/⌘+K, `/` outside a text field, or a click (or Enter) on the search button did
//   nothing, since React had not attached its handlers yet;
// - while the modal opens: the keys typed between the click (or shortcut) and the moment the box has focus went to
//   the button or the page.
// EARLY_SEARCH_SCRIPT, an inline script in the page's <head> (its sha256 joins the CSP like the starter's), records
// both: an open request made before the page is live, and the keys typed while the modal is being opened. It changes
// nothing on screen. The search bar (src/theme/SearchBar) reads the request once it is mounted, opens the modal, and
// marks the window "waiting" whenever it opens the modal; when the box has focus the recorded text is put into it
// through an ordinary `input` event, so DocSearch searches it as if it had been typed there.
// Chinese typed through an input method needs a focused text field to compose in, so it cannot be recorded before the
// box exists; the reader sees nothing to type into either, and the box opens within a fraction of a second.

/** What the early script records, on `window.__searchIntent`. */
export interface SearchIntent {
  /** The reader asked for search before the page was live (shortcut, click or Enter on the button). */
  open: boolean;
  /** Keys typed since the request, not yet in the box. */
  text: string;
  /** The page is live: the search bar handles shortcuts and clicks itself. */
  live: boolean;
  /** The modal is being opened: keys go to `text` until its box has focus. */
  waiting: boolean;
}

/**
 * The inline script: plain ES5, one statement a line, no dependency (tests/e2e/search-typing.spec.ts holds the site
 * bundle back and uses it). `/` is a shortcut where DocSearch takes it: not in a text field or on a button. The box's
 * maximum length (64, the spec's) caps the recorded text, as it caps what is typed.
 */
export const EARLY_SEARCH_SCRIPT = `(function () {
  var s = {open: false, text: '', live: false, waiting: false};
  window.__searchIntent = s;
  var setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  function box() {
    var el = document.activeElement;
    return el && el.classList && el.classList.contains('DocSearch-Input') ? el : null;
  }
  function field(el) {
    return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(el.tagName));
  }
  function flush() {
    var input = box();
    if (!input) return false;
    s.waiting = false;
    if (!s.text) return true;
    var max = input.maxLength > 0 ? input.maxLength : 64;
    setValue.call(input, (input.value + s.text).slice(0, max));
    s.text = '';
    input.dispatchEvent(new Event('input', {bubbles: true}));
    return true;
  }
  function recording() {
    return s.waiting || (s.open && !s.live);
  }
  addEventListener('keydown', function (e) {
    if (!s.live && (e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'k' || e.key === 'K')) {
      e.preventDefault();
      s.open = !s.open;
      s.text = '';
      return;
    }
    if (!s.live && !s.open && e.key === '/' && !field(e.target)) {
      e.preventDefault();
      s.open = true;
      return;
    }
    if (!recording() || flush() || e.isComposing) return;
    if (e.key === 'Escape') {
      s.open = false;
      s.waiting = false;
      s.text = '';
      return;
    }
    if (e.key === 'Backspace') s.text = s.text.slice(0, -1);
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) s.text += e.key;
    else return;
    e.preventDefault();
    e.stopPropagation();
  }, true);
  addEventListener('paste', function (e) {
    if (!recording() || flush() || !e.clipboardData) return;
    s.text += e.clipboardData.getData('text');
    e.preventDefault();
  }, true);
  addEventListener('click', function (e) {
    var target = e.target;
    if (s.live || !target || !target.closest || !target.closest('.DocSearch-Button')) return;
    e.preventDefault();
    s.open = true;
  }, true);
  addEventListener('focusin', function () {
    if (s.waiting && box()) setTimeout(flush, 0);
  }, true);
})();`;

declare global {
  interface Window {
    __searchIntent?: SearchIntent;
  }
}

/** The early script's record (a fresh, inert one where the page has no script, as in unit tests of the bar). */
export function searchIntent(): SearchIntent {
  window.__searchIntent ??= {open: false, text: '', live: false, waiting: false};
  return window.__searchIntent;
}
