// What `prism-react-renderer` resolves to in the bundles (alias in src/plugins/prism.ts). The package would evaluate its
// own Prism with about 30 languages on import. The one module that imports it at run time is the theme's
// prism-include-languages client module, which hands `Prism` to @theme/prism-include-languages: ours ignores it
// (src/theme/prism-include-languages.ts). Highlighting is src/prism; type imports of the package are unaffected.
export const Prism = undefined;
