import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// The one sidebar of the site. Ids are explicit so a page appears only where it is listed here.
// Unlisted on purpose (reachable by links and search): documents/best-practice/llama,
// documents/best-practice/template, documents/start, documents/guide/dataset, documents/guide/format.
const sidebars = {
  documentsSidebar: [
    {
      type: 'category',
      label: '平台介绍',
      collapsed: false,
      items: ['documents/introduct', 'documents/overview'],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
