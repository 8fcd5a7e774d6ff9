// The index written by src/plugins/local-search.ts into .docusaurus/ at build time and in `npm start`.
declare module '@generated/local-search/default/search-index.json' {
  import type {SearchIndex} from './types';
  const index: SearchIndex;
  export default index;
}
