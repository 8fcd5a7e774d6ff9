// A preset with one plugin, src/plugins/host.ts, listed before 'classic' in docusaurus.config.ts so that the host
// plugin is the first of all plugins: its postBuild must start before the others' (see the comment in host.ts).
import type {LoadContext, PluginConfig} from '@docusaurus/types';
import hostPlugin, {type HostOptions} from './host';

export default function hostPreset(_context: LoadContext, options: HostOptions): {plugins: PluginConfig[]} {
  return {plugins: [(context: LoadContext) => hostPlugin(context, options)]};
}
