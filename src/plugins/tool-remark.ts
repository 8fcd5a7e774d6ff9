// Remark plugin for the docs: the interactive tools a page places with a leaf directive of their own (`::diagnose`,
// `::preflight`, see src/content/tools.ts) become their components, with an import of the component added to the page
// module, so a tool's code is in that page's chunk only. `componentImport` is also what the estimator's plugin
// (src/plugins/estimator-remark.ts) adds for `::gpu-estimator`.
import type {Root, RootContent} from 'mdast';
import {DIAGNOSE_DIRECTIVE, PREFLIGHT_DIRECTIVE} from '../content/tools';

/** Each tool's directive and the component (under src/components) that it becomes. */
const TOOLS: Record<string, string> = {
  [DIAGNOSE_DIRECTIVE]: 'Diagnose',
  [PREFLIGHT_DIRECTIVE]: 'Preflight',
};

/** `import Name from "@site/src/components/Name";` as an mdast-util-mdxjs-esm node. */
export function componentImport(name: string): RootContent {
  const path = `@site/src/components/${name}`;
  const source = JSON.stringify(path);
  const node = {
    type: 'mdxjsEsm',
    value: `import ${name} from ${source};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name}}],
            source: {type: 'Literal', value: path, raw: source},
            attributes: [],
          },
        ],
      },
    },
  };
  return node as unknown as RootContent;
}

/** `<Name />` as an mdast-util-mdx-jsx node. */
export function componentElement(name: string, position?: RootContent['position']): RootContent {
  return {type: 'mdxJsxFlowElement', name, attributes: [], children: [], position} as unknown as RootContent;
}

export default function toolRemark() {
  return (tree: Root) => {
    const placed = new Set<string>();
    tree.children = tree.children.map((child) => {
      const node = child as {type: string; name?: string};
      const name = node.type === 'leafDirective' && node.name ? TOOLS[node.name] : undefined;
      if (!name) return child;
      placed.add(name);
      return componentElement(name, child.position);
    });
    tree.children.unshift(...[...placed].map(componentImport));
  };
}
