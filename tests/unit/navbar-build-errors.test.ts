// Spec §8: configuration mistakes in the navbar fail the build with a clear message. The build validates the theme
// config, then renders every page on the server, where a throwing navbar item is not caught (our NavbarItem's error
// boundary works only in the browser). Both steps are run here on the real theme code, without a full build.
import './docusaurus-client';
import assert from 'node:assert/strict';
import {test} from 'node:test';
import React, {type ReactNode} from 'react';
import {renderToString} from 'react-dom/server';
import {validateThemeConfig} from '@docusaurus/theme-classic/lib/options';
import {normalizeThemeConfig} from '@docusaurus/utils-validation';
import config from '../../docusaurus.config';

/* eslint-disable @typescript-eslint/no-require-imports -- the theme code goes through docusaurus-client's hooks */
const {Context} = require('@docusaurus/core/lib/client/docusaurusContext') as {Context: React.Context<unknown>};
const {StaticRouter} = require('react-router-dom') as {
  StaticRouter: (props: {location: string; children?: ReactNode}) => ReactNode;
};
const {DocsPreferredVersionContextProvider} = require('@docusaurus/plugin-content-docs/client') as {
  DocsPreferredVersionContextProvider: (props: {children: ReactNode}) => ReactNode;
};
const NavbarItem = (require('../../src/theme/NavbarItem') as {default: (props: object) => ReactNode}).default;
/* eslint-enable @typescript-eslint/no-require-imports */

type NavbarItemConfig = Record<string, unknown>;

function validate(items: NavbarItemConfig[]) {
  const themeConfig = structuredClone(config.themeConfig);
  themeConfig.navbar.items = items as typeof themeConfig.navbar.items;
  // The user config is partial (defaults are filled in here), hence the cast to the full type.
  return validateThemeConfig({
    validate: normalizeThemeConfig,
    themeConfig: themeConfig as unknown as Parameters<typeof validateThemeConfig>[0]['themeConfig'],
  });
}

/** One docs version, "current", as our site has; the "empty" sidebar has no doc to link to. */
const docsData = {
  path: '/docs',
  breadcrumbs: true,
  versions: [
    {
      name: 'current',
      label: 'Next',
      isLast: true,
      path: '/docs',
      mainDocId: 'documents/introduct',
      docs: [{id: 'documents/introduct', path: '/docs/documents/introduct', sidebar: 'documentsSidebar'}],
      draftIds: [],
      sidebars: {documentsSidebar: {link: {path: '/docs/documents/introduct', label: '平台介绍'}}, empty: {}},
    },
  ],
};

/** Validates one navbar item and renders it on the server, through our NavbarItem wrapper, as the build does. */
function renderItem(itemConfig: NavbarItemConfig): string {
  const item = validate([itemConfig]).navbar.items[0] as NavbarItemConfig;
  const context = {
    siteConfig: {...config, baseUrl: '/', themeConfig: validate([]), future: config.future},
    siteMetadata: {docusaurusVersion: '3'},
    globalData: {'docusaurus-plugin-content-docs': {default: docsData}},
    i18n: {currentLocale: 'zh-Hans', defaultLocale: 'zh-Hans', locales: ['zh-Hans'], localeConfigs: {}},
    codeTranslations: {},
  };
  const h = React.createElement;
  return renderToString(
    h(
      Context.Provider,
      {value: context},
      h(
        StaticRouter,
        {location: '/docs/documents/introduct'},
        h(DocsPreferredVersionContextProvider, null, h(NavbarItem, item)),
      ),
    ),
  );
}

test('our navbar items pass validation and render on the server', () => {
  assert.equal(validate(config.themeConfig.navbar.items).navbar.items.length, config.themeConfig.navbar.items.length);
  assert.match(
    renderItem({type: 'docSidebar', sidebarId: 'documentsSidebar', label: '文档'}),
    /href="\/docs\/documents\/introduct"/,
  );
  assert.match(renderItem({type: 'docsVersionDropdown'}), /Next/);
});

test('an unknown navbar item type fails validation, naming the type', () => {
  assert.throws(
    () => validate([{type: 'docsVersionDropDown', label: '版本'}]),
    /Bad navbar item type docsVersionDropDown/,
  );
});

test('a docs-version dropdown naming a missing version fails, listing the available versions', () => {
  assert.throws(
    () => renderItem({type: 'docsVersionDropdown', versions: ['1.0']}),
    /No docs version exist for name '1\.0'[\s\S]*Available version names:\n- current/,
  );
});

test('a sidebar navbar item whose sidebar has nothing to link to fails, naming the sidebar', () => {
  assert.throws(
    () => renderItem({type: 'docSidebar', sidebarId: 'empty', label: '空'}),
    /Sidebar with ID "empty" doesn't have anything to be linked to/,
  );
});
