// The doc pages, one record each, in sidebar order (unlisted pages last): id, permalink, title, description, top-level
// sidebar category, front matter and the parsed Markdown. Two sources, one model: inside a build, the docs plugin's
// loaded content (`allContentLoaded`); outside (scripts, tests), the docs folder read with the same configuration.
import {readdir} from 'node:fs/promises';
import {join, relative} from 'node:path';
import {
  aliasedSitePath,
  aliasedSitePathToRelativePath,
  normalizeUrl,
  posixPath,
  resolveMarkdownLinkPathname,
} from '@docusaurus/utils';
import type {AllContent} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {readMarkdown, type FrontMatter, type ParsedMarkdown} from './markdown';
import {bySidebarOrder, sidebarCategories, UNLISTED_CATEGORY, type SidebarItem} from './sidebar';

export interface Doc extends ParsedMarkdown {
  /** The docs plugin's id, e.g. `documents/guide/Train/parameter`. */
  id: string;
  /** The page's route, baseUrl included, e.g. `/docs/documents/guide/Train/parameter`. */
  permalink: string;
  title: string;
  description: string;
  /** Top-level sidebar category label, or UNLISTED_CATEGORY. */
  category: string;
  /** Absolute path of the Markdown file. */
  filePath: string;
}

export interface DocSet {
  docs: Doc[];
  /** The search tag of the docs version, e.g. `docs-default-current`. */
  tag: string;
  /** The permalink a Markdown link (`./export.md`, `../format.md#x`) of `from` points to, or null. */
  resolveLink(from: Pick<Doc, 'filePath'>, link: string): string | null;
}

/** What the file-system reader needs from docusaurus.config.ts and sidebars.ts (see ./site.ts). */
export interface ContentSettings {
  siteDir: string;
  /** The docs plugin's `path`, relative to siteDir. */
  docsPath: string;
  /** The docs plugin's `routeBasePath`. */
  routeBasePath: string;
  baseUrl: string;
  sidebars: Record<string, readonly SidebarItem[]>;
}

function docSet(
  records: Omit<Doc, 'category'>[],
  sidebars: Record<string, readonly SidebarItem[]>,
  paths: {siteDir: string; contentPath: string},
  tag: string,
): DocSet {
  const categories = sidebarCategories(Object.values(sidebars).flat());
  const compare = bySidebarOrder(categories);
  const docs = records
    .map((doc) => ({...doc, category: categories.get(doc.id) ?? UNLISTED_CATEGORY}))
    .sort((a, b) => compare(a.id, b.id));
  const sourceToPermalink = new Map(docs.map((d) => [aliasedSitePath(d.filePath, paths.siteDir), d.permalink]));
  const contentPaths = {contentPath: paths.contentPath, contentPathLocalized: paths.contentPath};
  return {
    docs,
    tag,
    resolveLink: (from, link) =>
      resolveMarkdownLinkPathname(link, {
        sourceFilePath: from.filePath,
        sourceToPermalink,
        contentPaths,
        siteDir: paths.siteDir,
      }),
  };
}

/** One load per content load: every plugin that asks gets the same records. */
const fromPlugin = new WeakMap<AllContent, Promise<DocSet>>();

/** The docs of the docs plugin's (only) version, from the content a build or `npm start` has loaded. */
export function docsFromContent(allContent: AllContent, siteDir: string): Promise<DocSet> {
  let result = fromPlugin.get(allContent);
  if (!result) {
    result = readLoadedDocs(allContent, siteDir);
    fromPlugin.set(allContent, result);
  }
  return result;
}

async function readLoadedDocs(allContent: AllContent, siteDir: string): Promise<DocSet> {
  const content = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
  const version = content?.loadedVersions[0];
  if (!version) throw new Error('The docs plugin has no content');
  const records = await Promise.all(
    version.docs.map(async (doc) => {
      const filePath = join(siteDir, aliasedSitePathToRelativePath(doc.source));
      const parsed = await readMarkdown(filePath);
      return {
        ...parsed,
        frontMatter: doc.frontMatter as FrontMatter,
        id: doc.id,
        permalink: doc.permalink,
        title: doc.title,
        description: doc.description,
        filePath,
      };
    }),
  );
  const sidebars = version.sidebars as unknown as Record<string, SidebarItem[]>;
  return docSet(records, sidebars, {siteDir, contentPath: version.contentPath}, `docs-default-${version.versionName}`);
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The docs read from the docs folder, with ids and permalinks derived as the docs plugin derives them. */
export async function loadDocs(settings: ContentSettings): Promise<DocSet> {
  const contentPath = join(settings.siteDir, settings.docsPath);
  const records = await Promise.all(
    (await markdownFiles(contentPath)).map(async (filePath) => {
      const parsed = await readMarkdown(filePath);
      const {frontMatter} = parsed;
      const path = posixPath(relative(contentPath, filePath));
      const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
      const name = path.slice(dir ? dir.length + 1 : 0).replace(/\.mdx?$/, '');
      const baseId = typeof frontMatter.id === 'string' ? frontMatter.id : name;
      const id = dir ? `${dir}/${baseId}` : baseId;
      const slug = typeof frontMatter.slug === 'string' ? frontMatter.slug : baseId;
      const route = slug.startsWith('/') ? slug : `/${dir ? `${dir}/` : ''}${slug}`;
      return {
        ...parsed,
        id,
        permalink: normalizeUrl([settings.baseUrl, settings.routeBasePath, route]),
        title: stringOr(frontMatter.title, parsed.contentTitle ?? baseId),
        description: stringOr(frontMatter.description, parsed.excerpt ?? ''),
        filePath,
      };
    }),
  );
  return docSet(records, settings.sidebars, {siteDir: settings.siteDir, contentPath}, 'docs-default-current');
}

const stringOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
