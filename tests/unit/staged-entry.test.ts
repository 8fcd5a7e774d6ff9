// The browser entry swap (src/plugins/staged-entry.ts): core's entry gives way to src/startup/entry.ts in the browser
// build only, and a client config whose entry is not core's stops the build with a message.
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {test} from 'node:test';
import type {LoadContext} from '@docusaurus/types';
import stagedEntryPlugin from '../../src/plugins/staged-entry';

const siteDir = join(import.meta.dirname, '..', '..');
const CORE_ENTRY = createRequire(join(siteDir, 'package.json')).resolve('@docusaurus/core/lib/client/clientEntry.js');
const plugin = stagedEntryPlugin({siteDir} as LoadContext);
// The plugin reads and sets only `entry`; the utils are not used.
const configure = (config: {entry: unknown}, isServer: boolean) =>
  plugin.configureWebpack!(config as never, isServer, {} as never, {} as never);

test('the browser build starts at src/startup/entry.ts instead of core’s entry', () => {
  const config = {entry: CORE_ENTRY};
  configure(config, false);
  assert.equal(config.entry, join(siteDir, 'src', 'startup', 'entry.ts'));
  const list = {entry: ['webpack-hot-client', CORE_ENTRY]};
  configure(list, false);
  assert.deepEqual(list.entry, ['webpack-hot-client', join(siteDir, 'src', 'startup', 'entry.ts')]);
});

test('the server build keeps its entry', () => {
  const config = {entry: '/server-entry.js'};
  configure(config, true);
  assert.equal(config.entry, '/server-entry.js');
});

test('a browser entry other than core’s stops the build, naming the file it expected', () => {
  assert.throws(() => configure({entry: '/elsewhere/clientEntry.js'}, false), /staged-entry：.*clientEntry\.js/);
});
