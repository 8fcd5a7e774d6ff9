// Remark plugin for the docs: `::diagnose` (a line of its own) becomes <Diagnose />, the 报错诊断 tool of
// docs/documents/problems/diagnose.md, with an import of src/components/Diagnose added to the page module, so the
// tool's code is in that page's chunk only (its data is a chunk of its own, loaded by the component).
import type {Root, RootContent} from 'mdast';
import {DIAGNOSE_DIRECTIVE} from '../content/tools';

const COMPONENT = 'Diagnose';
const COMPONENT_PATH = '@site/src/components/Diagnose';

/** `import Diagnose from "@site/src/components/Diagnose";` as an mdast-util-mdxjs-esm node. */
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

export default function diagnoseRemark() {
  return (tree: Root) => {
    let placed = false;
    tree.children = tree.children.map((child) => {
      const node = child as {type: string; name?: string};
      if (node.type !== 'leafDirective' || node.name !== DIAGNOSE_DIRECTIVE) return child;
      placed = true;
      const element = {type: 'mdxJsxFlowElement', name: COMPONENT, attributes: [], children: []};
      return {...element, position: child.position} as unknown as RootContent;
    });
    if (placed) tree.children.unshift(esmImport() as unknown as RootContent);
  };
}
