// The build-time side of search, as the rest of the site uses it: the local-search plugin, `search:push`, the
// benchmark and the tests import from here, never from the files behind it. Pages come from the content pipeline
// (src/content): `buildIndex((await loadSiteDocs()).docs, ...)` outside a build.
export {buildIndex, definingPages, indexFiles, type BuildOptions} from './build';
export {extractSections, type Section, type SourcePage} from './extract';
export {toDocSearchRecords} from './records';
