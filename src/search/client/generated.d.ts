// Written by src/plugins/local-search.ts into .docusaurus/ at build time and in `npm start`: where the index files are.
declare module '@generated/local-search/default/search-manifest.json' {
  const manifest: {base: string};
  export default manifest;
}
