// The content pipeline: every doc page loaded once, with its id, permalink, title, sidebar category, YAML front
// matter and one mdast tree. The search index, the llms.txt files, the content checks and the tests read Markdown
// only through here. Node only, no React. Plugins use `docsFromContent`; scripts and tests `loadSiteDocs` (./site.ts).
export {docsFromContent, loadDocs, type ContentSettings, type Doc, type DocSet} from './docs';
export {
  ADMONITIONS,
  codeBlocks,
  codeLines,
  nodes,
  parseMarkdown,
  readMarkdown,
  type CodeBlock,
  type FrontMatter,
  type ParsedMarkdown,
} from './markdown';
export {bySidebarOrder, sidebarCategories, UNLISTED_CATEGORY, type SidebarItem} from './sidebar';
