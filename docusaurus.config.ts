import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {themes as prismThemes} from 'prism-react-renderer';
import type {HostOptions} from './src/plugins/host';
import type {SeoOptions} from './src/plugins/seo';
import {ssrTemplate} from './src/ssrTemplate';
import estimatorRemark from './src/plugins/estimator-remark';
import toolRemark from './src/plugins/tool-remark';
import {reviewStamp} from './src/reviews';
import {
  consoleUrl,
  e2eFixtures,
  editLink,
  editUrlSetting,
  docsRouteBasePath,
  homeDocPath,
  productName,
  searchSettings,
  siteUrl,
  stockTemplate,
} from './src/settings';

const search = searchSettings();
const editUrl = editUrlSetting();

const siteTitle = `${productName} 文档`;
const tagline = '在线租用 GPU 实例，零代码微调大语言模型';

const navbar = {
  title: siteTitle,
  hideOnScroll: true,
  logo: {alt: `${productName} 标志`, src: 'img/logo.svg', href: homeDocPath},
  items: [
    {type: 'docSidebar', sidebarId: 'documentsSidebar', label: '文档', position: 'left'},
    {type: 'doc', docId: 'documents/overview', label: '控制台概览', position: 'left'},
    // The spec puts items on the right unless configured otherwise; Docusaurus's own default is left.
    ...(e2eFixtures
      ? // The test build: a dropdown holding a route link, and an item that fails to render (tests/e2e/fixtures).
        [
          {
            type: 'dropdown',
            label: '更多',
            position: 'right' as const,
            items: [{label: '概览页', to: '/docs/documents/overview'}],
          },
          {type: 'custom-e2eFailing', position: 'left' as const},
        ]
      : [{type: 'docsVersionDropdown', position: 'right' as const}]),
    {type: 'localeDropdown', position: 'right'},
    {href: consoleUrl, label: '返回控制台', position: 'right'},
  ],
} satisfies Preset.ThemeConfig['navbar'];

const footer = {
  style: 'dark',
  logo: {alt: `${productName} 标志`, src: 'img/logo.svg', href: homeDocPath, width: 40, height: 40},
  links: [
    {
      title: '文档',
      items: [
        {label: '平台介绍', to: '/docs/documents/introduct'},
        {label: '控制台概览', to: '/docs/documents/overview'},
      ],
    },
    {
      title: '平台',
      items: [
        {label: '控制台', href: consoleUrl},
        {label: `${productName} 官网`, href: 'https://www.llamafactory.com.cn'},
      ],
    },
    {
      title: '开源社区',
      items: [
        {label: 'LLaMA-Factory（GitHub）', href: 'https://github.com/hiyouga/LLaMA-Factory'},
        {label: 'LLaMA-Factory 官方文档', href: 'https://llamafactory.readthedocs.io/zh-cn/latest/'},
      ],
    },
  ],
  copyright: `版权所有 © ${new Date().getFullYear()} ${productName}。文档内容以控制台实际显示为准。`,
} satisfies Preset.ThemeConfig['footer'];

// DocSearch: hosted Algolia when configured, otherwise the same modal and /search page on the embedded index.
const algolia = {
  appId: search.appId,
  apiKey: search.apiKey,
  indexName: search.indexName,
  contextualSearch: true,
  searchPagePath: 'search',
  insights: false,
  // Hits shown per top-level group (lvl0, the sidebar category) in the modal.
  maxResultsPerGroup: 7,
} satisfies Preset.ThemeConfig['algolia'] & {maxResultsPerGroup: number};

const config = {
  title: siteTitle,
  tagline,
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl: '/',
  // Paint the article first, then start the site bundle (src/ssrTemplate.ts).
  ssrTemplate: stockTemplate ? undefined : ssrTemplate,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  i18n: {
    defaultLocale: 'zh-Hans',
    locales: ['zh-Hans'],
    localeConfigs: {'zh-Hans': {label: '简体中文', htmlLang: 'zh-Hans'}},
  },
  future: {v4: true},
  // The spec keeps storage keys without a site suffix ("empty key suffix"), which v4 would add.
  storage: {type: 'localStorage', namespace: false},
  markdown: {
    // .md pages are CommonMark (safe for prose full of <, { and code), .mdx pages are MDX.
    format: 'detect',
    mermaid: true,
    // Our pages use `## 标题 {#id}` and `:::tip 提示`; keep both syntaxes under the v4 flags.
    mdx1Compat: {comments: true, admonitions: true, headingIds: true},
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
    // Each doc page's review stamp (reviews/README.md) joins its front matter as `review`, for src/theme/LastUpdated.
    parseFrontMatter: async (params) => {
      const result = await params.defaultParseFrontMatter(params);
      const review = reviewStamp(params.filePath, params.fileContent);
      return review ? {...result, frontMatter: {...result.frontMatter, review}} : result;
    },
  },
  themes: ['@docusaurus/theme-mermaid'],
  plugins: [
    ['./src/plugins/local-search.ts', {local: search.local}],
    // The known messages of 报错诊断, a chunk of their own (src/plugins/diagnose-data.ts).
    './src/plugins/diagnose-data.ts',
    './src/plugins/llms-txt.ts',
    './src/plugins/prism.ts',
    './src/plugins/csp-no-eval.ts',
    // The search modal's styles load with the modal, not with the page (src/plugins/search-styles.ts).
    './src/plugins/search-styles.ts',
    // The bundle starts in three tasks instead of one long one (src/startup/entry.ts).
    './src/plugins/staged-entry.ts',
    // Each page names its route chunks for preloading, so they download with the bundle (src/plugins/route-preload.ts).
    './src/plugins/route-preload.ts',
    [
      './src/plugins/seo.ts',
      {
        shortName: `${productName.split(' ')[0]} 文档`,
        startUrl: homeDocPath,
        themeColor: '#1d5fd6',
        backgroundColor: '#ffffff',
      } satisfies SeoOptions,
    ],
    ...(e2eFixtures ? ['./tests/e2e/fixtures/plugin.ts'] : []),
  ],
  clientModules: [
    './src/clientModules/storageFallback.ts',
    './src/clientModules/imageZoom.ts',
    './src/clientModules/idlePrefetch.ts',
    // Search waits for an input method's composition to end (Chinese typed as pinyin).
    './src/clientModules/searchComposition.ts',
    // A pasted traceback or log searches its fatal line (and can go to 报错诊断 whole).
    './src/clientModules/searchPaste.ts',
    // Starts loading Prism on a client-side navigation (code blocks draw their tokens with it).
    './src/prism/navigation.ts',
  ],
  // For the browser: which search backend, and where `/` redirects to (src/pages/index.tsx).
  customFields: {searchLocal: search.local, homeDocPath},
  presets: [
    // First, so that its plugin comes before all others: the CSP of the built pages and precompression (src/plugins/host.ts).
    ['./src/plugins/host-preset.ts', {algoliaAppId: search.local ? undefined : search.appId} satisfies HostOptions],
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: docsRouteBasePath,
          sidebarPath: './sidebars.ts',
          versions: {current: {label: 'Next'}},
          // The date of each page's last commit, shown at its foot (git history; CI's clone has it).
          showLastUpdateTime: true,
          // The GPU-memory estimator's tables and component (guide/shili/{product}; src/estimator); 训练前检查's and
          // 报错诊断's tools.
          remarkPlugins: [estimatorRemark, toolRemark],
          // "编辑此页" from the EDIT_URL setting (README); no link when it is unset.
          editUrl: editUrl && (({docPath}) => editLink(editUrl, docPath)),
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    // The sharing card (scripts/og-image.ts) for og:image and twitter:image.
    image: 'img/og-image.png',
    metadata: [
      {name: 'keywords', content: '大模型微调, LLaMA-Factory, GPU 实例, LoRA, 模型训练, 文档'},
      // Pages without a description of their own (the search page, not-found) get the site's; docs override it.
      {name: 'description', content: `${productName} 使用文档：${tagline}。`},
      // Open Graph wants language_TERRITORY; Docusaurus would derive zh_Hans from htmlLang.
      {property: 'og:locale', content: 'zh_CN'},
    ],
    colorMode: {defaultMode: 'light', disableSwitch: e2eFixtures, respectPrefersColorScheme: false},
    announcementBar: {
      id: 'docs-2026-11',
      content: `欢迎使用 ${productName} 文档：第一次来？从<a href="${homeDocPath}">平台介绍</a>开始，按步骤完成第一次微调。`,
      isCloseable: true,
    },
    docs: {sidebar: {hideable: true, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar,
    footer,
    prism: {
      // Every token colour of these two reaches 4.5:1 on its background (github and dracula had comments, numbers and
      // YAML keys between 2.6:1 and 3:1); tests/e2e/a11y.spec.ts checks the code blocks in both modes.
      theme: prismThemes.vsLight,
      darkTheme: prismThemes.oceanicNext,
      // Every language a code block can be highlighted in (src/prism has no others; check-docs names the rest).
      additionalLanguages: ['bash', 'json', 'yaml', 'python', 'powershell', 'ini', 'toml', 'docker'],
    },
    mermaid: {theme: {light: 'default', dark: 'dark'}},
    algolia,
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;
