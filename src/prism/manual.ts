// Imported before Prism's core: tells it not to highlight the page by itself on DOMContentLoaded (React renders the
// tokens; Prism only tokenizes).
if (typeof window !== 'undefined') {
  const w = window as unknown as {Prism?: {manual?: boolean}};
  w.Prism = {...w.Prism, manual: true};
}
export {};
