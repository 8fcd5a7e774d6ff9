// The one list of everything this site takes from Docusaurus, DocSearch and the libraries they bring that is not their
// public API: unsafe swizzles and ejected copies, module paths and shapes, build files, hook order, DOM classes. Each
// entry names its guard, the test that fails when that internal changes; tests/unit/internals.test.ts checks the pins
// and snippets below against node_modules, and that every internal reach it can find in the code is listed here.
// Nothing imports this file at run time. What to do when a guard fails: MAINTAINERS.md, 依赖框架内部细节的地方.

export interface Internal {
  /** Unique, short. */
  id: string;
  /** What we rely on that the upstream package does not promise to keep. */
  what: string;
  /** Our files (repo-relative) that reach into it. */
  users: string[];
  /** The test file that fails when the internal changes. */
  guard: string;
  /**
   * Upstream files (relative to node_modules) our code copies or depends on line by line, with their sha256 at the
   * versions in package.json: a new version of any of them fails tests/unit/internals.test.ts until the change is
   * re-applied (eject) or reviewed (wrap) and the hash updated.
   */
  pinned?: Record<string, string>;
  /** Source text that must still occur in an upstream file (relative to node_modules) for our reach to work. */
  snippets?: Array<{file: string; text: string}>;
  /** DOM classes (no dot) that our CSS or code uses and that upstream defines, in one of `definedIn`. */
  classes?: string[];
  definedIn?: string[];
}

const CLASSIC = '@docusaurus/theme-classic/src/theme';
const UNIT = 'tests/unit/internals.test.ts';

export const internals: Internal[] = [
  // Build pipeline.
  {
    id: 'postbuild-concurrent',
    what: 'Docusaurus calls every plugin’s postBuild at once (executePluginsPostBuild: Promise.all), so host can wait for the others',
    users: ['src/plugins/host.ts', 'src/plugins/host-preset.ts'],
    guard: UNIT,
    snippets: [
      {
        file: '@docusaurus/core/lib/commands/build/buildLocale.js',
        text: 'await Promise.all(plugins.map(async (plugin) => {\n        if (!plugin.postBuild) {',
      },
    ],
  },
  {
    id: 'ssr-template',
    what: 'our page template is core’s default one (its eta variables and tags) with the bundle started after the first frame',
    users: ['src/ssrTemplate.ts'],
    guard: UNIT,
    pinned: {
      '@docusaurus/core/lib/ssg/ssgTemplate.html.js':
        '5d6584e4a61b22d44bbbd7fe92a7a30352564b5a1dc89853a9bdbbf14d092597',
    },
  },
  {
    id: 'route-preload-files',
    what: '.docusaurus/routes.js (one ComponentCreator line per route, nested by indentation), routesChunkNames.json, client-manifest.json (origins, assets)',
    users: ['src/plugins/route-preload.ts', 'tests/unit/route-preload.test.ts', 'tests/output/route-preload.test.ts'],
    guard: 'tests/output/route-preload.test.ts',
  },
  {
    id: 'docsearch-zod-eval-probe',
    what: 'the exact eval probe of the zod copy inlined in @docsearch/react’s ESM bundles, which noEvalLoader replaces',
    users: ['src/plugins/noEvalLoader.cjs', 'src/plugins/csp-no-eval.ts'],
    guard: UNIT,
    snippets: [
      {file: '@docsearch/react/dist/esm/index.js', text: 'try{return new Function(""),!0}catch(e){return!1}'},
      {file: '@docsearch/react/dist/esm/DocSearchModal.js', text: 'try{return new Function(""),!0}catch(e){return!1}'},
    ],
  },
  {
    id: 'prism-react-renderer-stub',
    what: 'in the bundles only theme-classic’s prism-include-languages and CodeBlock/Content import prism-react-renderer at run time (both replaced here), so it can resolve to a stub',
    users: ['src/plugins/prism.ts', 'src/prism/packageStub.ts'],
    guard: UNIT,
  },
  {
    id: 'search-page-lite-client',
    what: 'theme-search-algolia’s SearchPage gets its client as liteClient from algoliasearch/lite, which the local mode aliases to the embedded engine',
    users: ['src/plugins/local-search.ts', 'src/search/client/liteClient.ts'],
    guard: UNIT,
    snippets: [
      {
        file: '@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
        text: "import {liteClient} from 'algoliasearch/lite';",
      },
    ],
  },
  {
    id: 'prefetch-global',
    what: 'core’s Link reads window.docusaurus.prefetch at call time, so replacing the global defers prefetching',
    users: ['src/clientModules/idlePrefetch.ts', 'tests/unit/idle-prefetch.test.ts'],
    guard: UNIT,
    snippets: [{file: '@docusaurus/core/lib/client/exports/Link.js', text: 'window.docusaurus.prefetch(targetLink);'}],
  },
  {
    id: 'staged-entry',
    what: 'core’s client config names client/clientEntry.js as the browser entry, which our entry replaces and then imports; the steps before it evaluate what clientEntry.js and App.js import (react-dom/client, @generated/client-modules, @generated/routes, App) and start its preload(pathname) early',
    users: ['src/plugins/staged-entry.ts', 'src/startup/entry.ts', 'tests/unit/staged-entry.test.ts'],
    guard: UNIT,
    pinned: {
      '@docusaurus/core/lib/client/clientEntry.js': 'a9d6514eaf79c05c7d5275b5139298a5467c1c8339ab8a887c5d8ba61aff9871',
      '@docusaurus/core/lib/client/App.js': '1442f48492b535165d7e2767d4d1615713bb517a883c5142113740aaef086cba',
      '@docusaurus/core/lib/client/preload.js': '8c1e3de18d307e2fb4aee43f765f1d06b05357889b9923467bef44a358683542',
    },
    snippets: [
      {
        file: '@docusaurus/core/lib/webpack/client.js',
        text: "entry: path_1.default.resolve(__dirname, '../client/clientEntry.js'),",
      },
    ],
  },
  {
    id: 'browser-context',
    what: 'useIsBrowser and BrowserOnly read the Context of core’s client/browserContext.js, which Root provides again (turned true in a transition); core renders HasHydratedDataAttribute outside Root, so data-has-hydrated keeps core’s timing',
    users: ['src/theme/Root.tsx'],
    guard: UNIT,
    pinned: {
      '@docusaurus/core/lib/client/browserContext.js':
        'f0765ea0de6c682044acc2d1f6f7d474e9ac389591a8e97f877e437c09225b4c',
    },
    snippets: [{file: '@docusaurus/core/lib/client/App.js', text: '</Root>\n          <HasHydratedDataAttribute />'}],
  },
  {
    id: 'css-cache-group',
    what: 'core’s splitChunks puts every CSS module into one `styles` file (cache group priority 50); a group above it keeps the search modal’s CSS (@docsearch/css’s dist/modal.css; the page keeps dist/_variables.css and dist/button.css) for the modal',
    users: ['src/plugins/search-styles.ts', 'src/theme/SearchBar/index.tsx', 'src/theme/SearchBar/modalStyles.ts'],
    guard: UNIT,
    snippets: [
      {
        file: '@docusaurus/core/lib/webpack/base.js',
        text: "name: 'styles',\n                            type: 'css/mini-extract',",
      },
      {file: '@docusaurus/core/lib/webpack/base.js', text: 'priority: 50,'},
      {file: '@docsearch/css/dist/modal.css', text: '.DocSearch-Container{'},
      {file: '@docsearch/css/dist/button.css', text: '.DocSearch-Button{'},
    ],
  },
  // Swizzled components: ejected copies (pinned to the file we copied) and unsafe wraps (pinned to the file we wrap).
  {
    id: 'eject-CodeBlock',
    what: 'ejected CodeBlock (safe eject), without the remount after hydration',
    users: ['src/theme/CodeBlock/index.tsx'],
    guard: UNIT,
    pinned: {[`${CLASSIC}/CodeBlock/index.tsx`]: '02872fb480f9cfba3bf6fb26683dfc2a7b4b8d43a2f56f7f72911482028d8a2b'},
  },
  {
    id: 'eject-CodeBlock/Container',
    what: 'ejected CodeBlock/Container (unsafe), without inline colour variables',
    users: ['src/theme/CodeBlock/Container/index.tsx'],
    guard: UNIT,
    pinned: {
      [`${CLASSIC}/CodeBlock/Container/index.tsx`]: '2ece6830dbb5b8d6ef57d88086d6e1ab14671923c06b9d80d12b45bedff7be60',
    },
  },
  {
    id: 'eject-CodeBlock/Content',
    what: 'ejected CodeBlock/Content (unsafe), rendering once with src/prism',
    users: ['src/theme/CodeBlock/Content/index.tsx'],
    guard: UNIT,
    pinned: {
      [`${CLASSIC}/CodeBlock/Content/index.tsx`]: 'b82ef1f4c49f4e2c5f5474c0076d0e1caa18cf1fd1d5efd99e442e4546d1e5ec',
      [`${CLASSIC}/CodeBlock/Content/String.tsx`]: '76e8e89a5336d05d474fde11ea8c1f2a3ee43f5313fa34914b395614b93f3d53',
    },
  },
  {
    id: 'eject-Navbar/Layout',
    what: 'ejected Navbar/Layout (unsafe) and a copy of theme-common’s useHideableNavbar, from @docusaurus/theme-common/internal',
    users: ['src/theme/Navbar/Layout/index.tsx', 'src/theme/Navbar/Layout/useHideableNavbar.ts'],
    guard: UNIT,
    pinned: {
      [`${CLASSIC}/Navbar/Layout/index.tsx`]: 'ce91603fb7b4c047824df3b8da8041a1837556040058a1d247113862ccdf07a0',
      [`${CLASSIC}/Navbar/Layout/styles.module.css`]:
        'e0749901b2327e46ffd8e94c6be735746e64bc6affbaf293181c5303bbc487eb',
      '@docusaurus/theme-common/src/hooks/useHideableNavbar.ts':
        'd3b271ba1c63242e34edbb27609d9ad62a79af1b8ae8c52daabedb3e7bc5c171',
    },
  },
  {
    id: 'eject-DocSidebar',
    what: 'ejected DocSidebar (unsafe eject), keeping the desktop sidebar mounted below the breakpoint (issue #28)',
    users: ['src/theme/DocSidebar/index.tsx'],
    guard: UNIT,
    pinned: {[`${CLASSIC}/DocSidebar/index.tsx`]: 'c8ebcf85b048a95dcd02af9c5f63af6ad6f32a1cc94001d81fbb5d86a2e9085a'},
  },
  {
    id: 'eject-DocItem/Layout',
    what: 'ejected DocItem/Layout (unsafe), keeping the desktop table of contents mounted below the breakpoint (issue #28)',
    users: ['src/theme/DocItem/Layout/index.tsx', 'src/theme/DocItem/Layout/styles.module.css'],
    guard: UNIT,
    pinned: {
      [`${CLASSIC}/DocItem/Layout/index.tsx`]: '1a22e90d75b8892e5e8c9076b1d86b55b10728d6c17c662ac81a48137eed24da',
      [`${CLASSIC}/DocItem/Layout/styles.module.css`]:
        '191d61c1ae48a899dc4cb88a1921644d3a31c6d99066543e695dcc3a2231abde',
    },
  },
  {
    id: 'eject-SearchBar',
    what: 'ejected SearchBar of theme-search-algolia (unsafe), serving the DocSearch modal from either backend',
    users: ['src/theme/SearchBar/index.tsx'],
    guard: UNIT,
    pinned: {
      '@docusaurus/theme-search-algolia/src/theme/SearchBar/index.tsx':
        '11ed3f658fb077fc06110893c9e4bdedd580a05be12f8c8c6ebf5767586eb04f',
    },
  },
  {
    id: 'eject-prism-include-languages',
    what: 'prism-include-languages ejected to a no-op, and the original reached as @theme-original (wrap: forbidden)',
    users: ['src/theme/prism-include-languages.ts', 'src/prism/tokenize.ts'],
    guard: UNIT,
    pinned: {
      [`${CLASSIC}/prism-include-languages.ts`]: 'ae4f25b4ca4dc254b47b072626e15a25e63dc23d4891e8b9e45f8257ea301770',
    },
  },
  {
    id: 'replace-core-fallbacks',
    what: 'core’s theme-fallback Error and Loading, replaced (unsafe) by Chinese versions',
    users: ['src/theme/Error/index.tsx', 'src/theme/Loading/index.tsx'],
    guard: UNIT,
    pinned: {
      '@docusaurus/core/lib/client/theme-fallback/Error/index.js':
        '4037ad84f1980a3301bb194f07799422267d5ddd7cb0bd737b78ebf0dcdf551d',
      '@docusaurus/core/lib/client/theme-fallback/Loading/index.js':
        'ffd8013daa28cd24a849721acc38e47bb44582dfb8922f633d42eac5344dda54',
    },
  },
  {
    id: 'wrap-unsafe',
    what: 'wrappers of components whose wrapping theme-classic calls unsafe (their props and markup)',
    users: [
      'src/theme/DocItem/Content/index.tsx',
      'src/theme/ErrorPageContent/index.tsx',
      'src/theme/LastUpdated/index.tsx',
      'src/theme/Logo/index.tsx',
      'src/theme/Navbar/MobileSidebar/index.tsx',
      'src/theme/NavbarItem/index.tsx',
      'src/theme/NavbarItem/NavbarNavLink/index.tsx',
      'src/theme/NotFound/Content/index.tsx',
    ],
    guard: UNIT,
    pinned: {
      [`${CLASSIC}/DocItem/Content/index.tsx`]: 'a60acf97ab953670816c13b7f28c68f9e3d15af00d5b9f8a5e602e8dcc20448b',
      [`${CLASSIC}/ErrorPageContent.tsx`]: '94a807f761167b966e44a9b3a26cd69f085ff00ddd7ce585189f5365300ac236',
      [`${CLASSIC}/LastUpdated/index.tsx`]: '53ab70761b412f831312428568d9fb5db6b748d97ae714724c7d372c1b4a9f7b',
      [`${CLASSIC}/Logo/index.tsx`]: '57c3bb938907055312f44b5baa4f561f4e3ae0e8f48dd04c4f805fddaf1cda12',
      [`${CLASSIC}/Navbar/MobileSidebar/index.tsx`]: 'bcdcffc2de5c5af3bbc779e27efca4589757359b72b7fa48fd0b60cd519423d7',
      [`${CLASSIC}/NavbarItem/index.tsx`]: 'fd2dcb38810bf2caac252e32511bae54b5097defa4215e37078fc6ce9c734122',
      [`${CLASSIC}/NavbarItem/NavbarNavLink.tsx`]: '630b66b2a3bbe7d533686cc829268687fbf6c84f9d0d474cbcdd9c76861a5a6b',
      [`${CLASSIC}/NotFound/Content/index.tsx`]: '44b71ba528b17c08eba546b6462ee97c05b5780a0caf7a297560e3c063cfa9f4',
    },
  },
  {
    id: 'wrap-Mermaid',
    what: 'wrapper of theme-mermaid’s Mermaid (unsafe), rendering it near the viewport',
    users: ['src/theme/Mermaid/index.tsx'],
    guard: UNIT,
    pinned: {
      '@docusaurus/theme-mermaid/src/theme/Mermaid/index.tsx':
        '5b4b0f1bc7327ce1dc3a485edeb3045a7bd8cfcce3449177fba6112ab453672f',
    },
  },
  {
    id: 'registries',
    what: 'registry extensions (safe): MDXComponents, and NavbarItem/ComponentTypes in the test build (@theme-init)',
    users: ['src/theme/MDXComponents/index.tsx', 'tests/e2e/fixtures/theme/NavbarItem/ComponentTypes.tsx'],
    guard: 'tests/e2e/navbar-item-error.spec.ts',
  },
  // Deep imports in tests: a moved module fails them at import.
  {
    id: 'test-deep-imports',
    what: 'theme-classic/lib/options, core/lib/client/docusaurusContext and the theme folders under lib/, to render theme components in Node',
    users: ['tests/unit/navbar-build-errors.test.ts', 'tests/unit/docusaurus-client.ts'],
    guard: 'tests/unit/navbar-build-errors.test.ts',
  },
  // DOM classes that our CSS and code use and upstream defines (Infima's classes are public and not listed).
  {
    id: 'classes-docsearch',
    what: 'DocSearch’s markup: our styles, the start and error screens rendered into the modal, the input we focus',
    users: [
      'src/theme/SearchBar/styles.css',
      'src/theme/SearchBar/modal.css',
      'src/theme/SearchBar/ModalScreen.tsx',
      'src/theme/SearchBar/index.tsx',
    ],
    guard: UNIT,
    classes: [
      'DocSearch-Button',
      'DocSearch-Button-Key',
      'DocSearch-Container',
      'DocSearch-Dropdown',
      'DocSearch-ErrorScreen',
      'DocSearch-Footer',
      'DocSearch-Help',
      'DocSearch-Input',
      'DocSearch-Logo',
      'DocSearch-Modal',
      'DocSearch-Screen-Icon',
      'DocSearch-SearchBar',
      'DocSearch-StartScreen',
      'DocSearch-Title',
    ],
    definedIn: ['@docsearch/css/dist/style.css'],
  },
  {
    id: 'classes-theme',
    what: 'theme-classic’s markup around doc content and headings',
    users: ['src/css/custom.css', 'src/clientModules/imageZoom.ts'],
    guard: UNIT,
    classes: ['theme-doc-markdown', 'theme-code-block', 'markdown', 'hash-link', 'anchor'],
    definedIn: [
      '@docusaurus/theme-common/lib/utils/ThemeClassNames.js',
      '@docusaurus/theme-classic/lib/theme/DocItem/Content/index.js',
      '@docusaurus/theme-classic/lib/theme/Heading/index.js',
    ],
  },
  {
    id: 'classes-mermaid',
    what: 'theme-mermaid’s container and Mermaid’s edge labels, restyled for contrast',
    users: ['src/css/custom.css'],
    guard: UNIT,
    classes: ['docusaurus-mermaid-container', 'edgeLabel'],
    definedIn: ['@docusaurus/theme-mermaid/lib/client/index.js', 'mermaid/dist/mermaid.js'],
  },
  {
    id: 'classes-medium-zoom',
    what: 'medium-zoom’s image and overlay classes, styled by our zoom stylesheet',
    users: ['src/imageZoom/zoom.css'],
    guard: UNIT,
    classes: ['medium-zoom-image', 'medium-zoom-image--opened', 'medium-zoom-overlay'],
    definedIn: ['medium-zoom/dist/medium-zoom.esm.js'],
  },
];
