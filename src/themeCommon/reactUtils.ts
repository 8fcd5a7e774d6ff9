// theme-common's React helpers (utils/reactUtils), as src/plugins/no-icu.ts hands them to theme-common itself, with one
// change: useShallowMemoObject sorts its keys by code unit instead of `localeCompare`. The first `localeCompare` on a
// page loads the browser's collation data (about 20 ms of main thread on a desktop CPU), and theme-common calls it on
// every doc page, for each code block and for the mobile docs menu. Any fixed order of the keys serves the memo.
import {useMemo} from 'react';

export * from 'theme-common-react-utils-original';

export function useShallowMemoObject<O extends object>(obj: O): O {
  const deps = Object.entries(obj);
  deps.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // The dependencies are the object's own keys and values, as in theme-common.
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
  return useMemo(() => obj, deps.flat());
}
