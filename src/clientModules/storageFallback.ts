// The one storage guard: when localStorage or sessionStorage throws on access (private mode, blocked cookies), it is
// replaced by `null` before the app renders, and the failure is logged once. Docusaurus then uses its no-op storage
// (colour mode and the announcement bar keep per-page state) and DocSearch its no-op history, instead of DocSearch 4.7
// crashing the search modal by reading `window.localStorage` outside any try/catch.

export type StorageName = 'localStorage' | 'sessionStorage';

/** Whether `win[name]` can be read and written without throwing. */
export function storageWorks(win: Window, name: StorageName): boolean {
  try {
    const storage = win[name];
    const probe = '__storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** Replaces each storage that does not work by `null` (what code guarded by `if (window.localStorage)` expects). */
export function installStorageFallback(win: Window): StorageName[] {
  const replaced = (['localStorage', 'sessionStorage'] as const).filter((name) => !storageWorks(win, name));
  for (const name of replaced) Object.defineProperty(win, name, {configurable: true, enumerable: true, value: null});
  return replaced;
}

// Client modules are also evaluated during server rendering, where there is no window.
if (typeof window !== 'undefined') {
  const replaced = installStorageFallback(window);
  if (replaced.length) {
    console.warn(`浏览器存储不可用（${replaced.join('、')}），颜色模式、公告栏和搜索记录只在当前页面有效。`);
  }
}
