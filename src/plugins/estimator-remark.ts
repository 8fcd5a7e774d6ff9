// Remark plugin for the docs: expands the estimator's directives at build time (src/estimator/markdown.ts says what a
// page writes). Tables and inline figures become plain Markdown nodes, so they are in the page's HTML without
// JavaScript and can never disagree with the interactive estimator. `::gpu-estimator` becomes <GpuEstimator /> with an
// import of src/components/GpuEstimator added to the page module, so the estimator's code is in that page's chunk only.
import type {Root} from 'mdast';
import {expandEstimatorTree} from '../estimator/markdown';
import {componentElement, componentImport} from './tool-remark';

const COMPONENT = 'GpuEstimator';

export default function estimatorRemark() {
  return (tree: Root) => {
    if (expandEstimatorTree(tree, () => componentElement(COMPONENT))) tree.children.unshift(componentImport(COMPONENT));
  };
}
