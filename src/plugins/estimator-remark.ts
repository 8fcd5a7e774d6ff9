// Remark plugin for the docs: expands the estimator's leaf directives at build time (src/estimator/markdown.ts).
// `::estimator-table{name="…"}` becomes the GFM table computed from the estimating function, so the page's tables are
// plain HTML (present without JavaScript) and can never disagree with the interactive estimator.
// `::gpu-estimator` becomes <GpuEstimator /> with an import of src/components/GpuEstimator added to the page module,
// so the estimator's code is in that page's chunk only.
import type {Nodes, Parents, Root, RootContent} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {gfm} from 'micromark-extension-gfm';
import {directiveMarkdown} from '../estimator/markdown';

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

function withoutPositions<T extends Nodes>(node: T): T {
  delete node.position;
  if ('children' in node) node.children.forEach((c) => withoutPositions(c));
  return node;
}

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

/** Replaces the estimator directives of `parent`'s subtree; true when a component was placed. */
function expand(parent: Parents): boolean {
  let placed = false;
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (child.type === 'leafDirective' && (child.name === 'estimator-table' || child.name === 'gpu-estimator')) {
      if (child.name === 'gpu-estimator') {
        placed = true;
        const element: MdxJsxFlowElement = {type: 'mdxJsxFlowElement', name: COMPONENT, attributes: [], children: []};
        return [element as unknown as RootContent];
      }
      const name = child.attributes?.name ?? '';
      const markdown = directiveMarkdown(`::estimator-table{name="${name}"}`)!;
      const tree = fromMarkdown(markdown, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]});
      return tree.children.map((c) => withoutPositions(c));
    }
    if ('children' in child && expand(child)) placed = true;
    return [child];
  }) as typeof parent.children;
  return placed;
}

export default function estimatorRemark() {
  return (tree: Root) => {
    if (expand(tree)) tree.children.unshift(esmImport() as unknown as RootContent);
  };
}
