// Writes /llms.txt (every page in sidebar order with its URL and description), /llms-full.txt (all pages as plain
// Markdown) and each page's Markdown at its URL plus `.md`, into the production build. Pages come from the docs
// plugin's loaded content through src/content.
import {mkdir, writeFile} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {docsFromContent, type DocSet} from '../content';
import {llmsFull, llmsIndex, plainMarkdown, type LlmsSite} from '../llms/markdown';

export default function llmsTxtPlugin(context: LoadContext): Plugin {
  let content: DocSet | undefined;
  return {
    name: 'llms-txt',
    async allContentLoaded({allContent}) {
      content = await docsFromContent(allContent, context.siteDir);
    },
    async postBuild({outDir, siteConfig}) {
      if (!content) throw new Error('llms-txt: the docs were not loaded');
      const {docs, resolveLink} = content;
      const {baseUrl, title, tagline: summary} = siteConfig;
      const site: LlmsSite = {siteUrl: siteConfig.url.replace(/\/$/, ''), resolveLink};
      const write = async (path: string, text: string) => {
        await mkdir(dirname(path), {recursive: true});
        await writeFile(path, text);
      };
      await write(join(outDir, 'llms.txt'), llmsIndex(docs, {...site, baseUrl, title, summary}));
      await write(join(outDir, 'llms-full.txt'), llmsFull(docs, {...site, title}));
      // Permalinks start with baseUrl; the build's files do not.
      await Promise.all(
        docs.map((d) => write(join(outDir, `${d.permalink.slice(baseUrl.length)}.md`), plainMarkdown(d, site))),
      );
    },
  };
}
