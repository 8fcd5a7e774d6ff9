// Writes /llms.txt (every page in sidebar order with its URL and description), /llms-full.txt (all pages as plain
// Markdown) and each page's Markdown at its URL plus `.md`, into the production build.
import {mkdir, writeFile} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {llmsFull, llmsIndex, plainMarkdown} from '../llms/markdown';
import {loadDocPages, type DocPage} from './docPages';

export default function llmsTxtPlugin(context: LoadContext): Plugin {
  let pages: DocPage[] = [];
  return {
    name: 'llms-txt',
    async allContentLoaded({allContent}) {
      pages = (await loadDocPages(allContent, context.siteDir)).pages;
    },
    async postBuild({outDir, siteConfig}) {
      const siteUrl = siteConfig.url.replace(/\/$/, '');
      const title = siteConfig.title;
      const summary = siteConfig.tagline;
      const write = async (path: string, text: string) => {
        await mkdir(dirname(path), {recursive: true});
        await writeFile(path, text);
      };
      await write(join(outDir, 'llms.txt'), llmsIndex(pages, {siteUrl, title, summary}));
      await write(join(outDir, 'llms-full.txt'), llmsFull(pages, {siteUrl, title}));
      await Promise.all(pages.map((p) => write(join(outDir, `${p.path}.md`), plainMarkdown(p, siteUrl))));
    },
  };
}
