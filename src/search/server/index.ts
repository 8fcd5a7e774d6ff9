// The build-time side of search, as the rest of the site uses it: the local-search plugin, `search:push`, the
// benchmark and the tests import from here, never from the files behind it.
export {buildIndex, indexFiles, type BuildOptions} from './build';
export {extractPage, type SourcePage} from './extract';
export {toDocSearchRecords} from './records';
export {
  buildIndexFromSources,
  loadSourcePages,
  frontMatterTitle,
  UNLISTED_CATEGORY,
  sidebarCategories,
  bySidebarOrder,
} from './sources';
