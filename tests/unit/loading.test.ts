// Spec §2 and §8: while a page's chunks load, a spinner after 200 ms; when a chunk fails, its error in a red box
// with a Retry button that loads the chunk again. In the browser Docusaurus preloads a route before rendering it
// (and reloads the page when that fails), so these states cannot be reached by breaking the network; this drives
// the same react-loadable component Docusaurus wraps each route in (ComponentCreator, default 200 ms delay) with
// our src/theme/Loading, without a DOM: the component's lifecycle is called by hand.
import './docusaurus-client';
import assert from 'node:assert/strict';
import {test} from 'node:test';
import React, {type ReactElement, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import type {LoadingComponentProps} from 'react-loadable';

/* eslint-disable @typescript-eslint/no-require-imports -- resolved through docusaurus-client's aliases */
const Loadable = require('react-loadable') as typeof import('react-loadable');
const Loading = (require('../../src/theme/Loading') as {default: (props: LoadingComponentProps) => ReactNode}).default;
/* eslint-enable @typescript-eslint/no-require-imports */

type Instance = {
  state: Record<string, unknown>;
  setState: (s: object) => void;
  render: () => ReactElement;
  retry: () => void;
  _mounted: boolean;
  UNSAFE_componentWillMount: () => void;
  componentWillUnmount: () => void;
};

/** A mounted route component whose state updates apply at once. */
function mount(loader: () => Promise<{__esModule?: boolean; default: () => ReactNode}>): Instance {
  const Page = Loadable({loader, loading: Loading}) as unknown as new (props: object) => Instance;
  const page = new Page({});
  page.setState = (s) => Object.assign(page.state, s);
  page._mounted = true;
  page.UNSAFE_componentWillMount();
  return page;
}

const html = (page: Instance) => renderToStaticMarkup(page.render());
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const content = () => React.createElement('p', null, '页面内容');

test('nothing is shown for the first 200 ms of a page load, then a spinner', async () => {
  const page = mount(() => new Promise(() => {}));
  assert.equal(html(page), '');
  await wait(150);
  assert.equal(html(page), '');
  await wait(100);
  assert.match(html(page), /role="status"/);
  assert.match(html(page), /正在加载/);
  page.componentWillUnmount();
});

test('a failed chunk shows its error and 重试 in an alert, and 重试 loads the chunk again', async () => {
  let loads = 0;
  const page = mount(() => {
    loads += 1;
    return loads === 1
      ? Promise.reject(new Error('Loading chunk 4321 failed.'))
      : Promise.resolve({__esModule: true, default: content});
  });
  await wait(0);
  const failed = html(page);
  assert.match(failed, /role="alert"/);
  assert.match(failed, /Loading chunk 4321 failed\./);
  assert.match(failed, /<button[^>]*>重试<\/button>/);
  assert.equal(loads, 1);

  // Click 重试: the button of the box the route component renders.
  const box = Loading((page.render() as ReactElement<LoadingComponentProps>).props) as ReactElement<{
    children: ReactNode;
  }>;
  const button = React.Children.toArray(box.props.children).find(
    (c) => (c as ReactElement).type === 'button',
  ) as ReactElement<{onClick: () => void}>;
  button.props.onClick();
  await wait(0);
  assert.equal(loads, 2);
  assert.equal(html(page), '<p>页面内容</p>');
});
