// The search modal's stylesheet: DocSearch's modal rules, then ours. Imported only with the modal (index.tsx), and kept
// out of the page's stylesheet by src/plugins/search-styles.ts, so that the first paint does not wait for them.
import '@docsearch/css/dist/modal.css';
import './modal.css';
