// Remark plugin for the docs: expands the estimator's directives at build time (src/estimator/markdown.ts says what a
// page writes). Tables and inline figures become plain Markdown nodes, so they are in the page's HTML without
// JavaScript and can never disagree with the interactive estimator. `::gpu-estimator` becomes <GpuEstimator /> with an
// import of src/components/GpuEstimator added to the page module, so the estimator's code is in that page's chunk only.
import type {Root, RootContent} from 'mdast';
import {expandEstimatorTree} from '../estimator/markdown';

// The two MDX node kinds this plugin adds (mdast-util-mdxjs-esm, mdast-util-mdx-jsx), as much of them as it uses.
interface MdxjsEsm {
  type: 'mdxjsEsm';
  value: string;
  data: {estree: unknown};
}
interface MdxJsxFlowElement {
  type: 'mdxJsxFlowElement';
  name: string;
  attributes: [];
  children: [];
}

const COMPONENT = 'GpuEstimator';
const COMPONENT_PATH = '@site/src/components/GpuEstimator';

function esmImport(): MdxjsEsm {
  const value = `import ${COMPONENT} from ${JSON.stringify(COMPONENT_PATH)};`;
  return {
    type: 'mdxjsEsm',
    value,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: COMPONENT}}],
            source: {type: 'Literal', value: COMPONENT_PATH, raw: JSON.stringify(COMPONENT_PATH)},
            attributes: [],
          },
        ],
      },
    },
  };
}

export default function estimatorRemark() {
  return (tree: Root) => {
    const element = (): RootContent =>
      ({type: 'mdxJsxFlowElement', name: COMPONENT, attributes: [], children: []}) satisfies MdxJsxFlowElement as never;
    if (expandEstimatorTree(tree, element)) tree.children.unshift(esmImport() as unknown as RootContent);
  };
}
