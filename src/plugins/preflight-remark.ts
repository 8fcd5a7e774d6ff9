// Remark plugin for the docs: `::preflight` (a line of its own) becomes <Preflight />, the 训练前检查 tool of
// docs/documents/guide/Train/preflight.md, with an import of src/components/Preflight added to the page module, so the
// tool's code (the validator of check:docs, the reference data it reads, js-yaml and the estimator) is in that page's
// chunk only.
import type {Root, RootContent} from 'mdast';
import {PREFLIGHT_DIRECTIVE} from '../content/tools';

const COMPONENT = 'Preflight';
const COMPONENT_PATH = '@site/src/components/Preflight';

/** `import Preflight from "@site/src/components/Preflight";` as an mdast-util-mdxjs-esm node. */
function esmImport() {
  const source = JSON.stringify(COMPONENT_PATH);
  return {
    type: 'mdxjsEsm',
    value: `import ${COMPONENT} from ${source};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: COMPONENT}}],
            source: {type: 'Literal', value: COMPONENT_PATH, raw: source},
            attributes: [],
          },
        ],
      },
    },
  };
}

export default function preflightRemark() {
  return (tree: Root) => {
    let placed = false;
    tree.children = tree.children.map((child) => {
      const node = child as {type: string; name?: string};
      if (node.type !== 'leafDirective' || node.name !== PREFLIGHT_DIRECTIVE) return child;
      placed = true;
      const element = {type: 'mdxJsxFlowElement', name: COMPONENT, attributes: [], children: []};
      return {...element, position: child.position} as unknown as RootContent;
    });
    if (placed) tree.children.unshift(esmImport() as unknown as RootContent);
  };
}
