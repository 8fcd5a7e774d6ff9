// Client module: a client-side navigation starts loading Prism (src/prism/load.ts), beside the new page's own chunks,
// so that its code blocks can be drawn with their tokens. load.ts is imported here on demand, not statically, so that it
// stays out of the site bundle (its prefetch hint would otherwise run in the bundle's first task).
export function onRouteUpdate({previousLocation}: {previousLocation: unknown}): void {
  if (previousLocation) void import('./load').then(({loadTokenizer}) => loadTokenizer());
}
