// Keeping the server's markup on the first load. A block of an article that is only text (a paragraph, a list, a table:
// no link, no code block, no component with behaviour) looks and works the same whether React drew it or not, so when
// React hydrates the page it need not walk it: the block renders as an element whose content is "inner HTML", which
// React leaves as the server wrote it and does not compare (the technique src/theme/CodeBlock/Content uses for the
// highlighted lines). On the parameter page (issue #28) that leaves 906 of the article's 1428 hydrated elements to
// React (its tables of parameters, without links, are the rest). A block the browser draws itself (a client-side
// navigation brings the page) renders normally.
import {createElement, Fragment, isValidElement, useState, type ElementType, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/**
 * True while React hydrates the page the server rendered: in the browser, before Docusaurus marks the document as
 * hydrated (`<html data-has-hydrated="true">`, set once the first render has been committed). False in the server render and
 * in every render after the first one (a client-side navigation). Read once per block (useState's initialiser), so no
 * block renders again when it changes; a hook that reads React's server snapshot (useSyncExternalStore) would make
 * React render every block a second time, synchronously, right after hydration.
 */
export function hydrating(): boolean {
  return ExecutionEnvironment.canUseDOM && document.documentElement.getAttribute('data-has-hydrated') !== 'true';
}

/** Whether a component, given these props, renders only markup (see isPlainMarkup). */
export type PlainComponent = (type: unknown, props: Record<string, unknown>) => boolean;

/**
 * Whether `node` renders only markup: text, and host elements with no event handler, or components that `plain`
 * accepts (whose output is markup too), all the way down. A link (client-side routing, prefetching), a code block (its
 * copy button) or any other component makes it false.
 */
export function isPlainMarkup(node: ReactNode, plain: PlainComponent): boolean {
  if (node === null || node === undefined || typeof node === 'boolean') return true;
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return true;
  if (Array.isArray(node)) return node.every((child: ReactNode) => isPlainMarkup(child, plain));
  if (!isValidElement<Record<string, unknown>>(node)) return false;
  const {type, props} = node;
  if (typeof type === 'string') {
    if (type === 'a' || type === 'script' || type === 'style') return false;
    if (Object.keys(props).some((key) => /^on[A-Z]/.test(key) || key === 'ref' || key === 'dangerouslySetInnerHTML')) {
      return false;
    }
  } else if (type !== Fragment && !plain(type, props)) {
    return false;
  }
  return isPlainMarkup(props.children as ReactNode, plain);
}

/**
 * True when this block keeps the server's markup: it is being hydrated and its content is plain markup. Decided once,
 * on the first render: a later render (a parent's state changes) keeps the decision, so React never draws it anew.
 */
export function useKeepServerMarkup(children: ReactNode, plain: PlainComponent): boolean {
  const [keep] = useState(() => hydrating() && isPlainMarkup(children, plain));
  return keep;
}

/**
 * `type` (an element name, or a component that passes its props on to one) with `props`; or, when the block keeps the
 * server's markup, the same element with its content left as the server wrote it.
 */
export function renderBlock<P extends {children?: ReactNode}>(
  type: ElementType<P>,
  props: P,
  keep: boolean,
): ReactNode {
  if (!keep) return createElement(type, props);
  const rest: Record<string, unknown> = {...props};
  delete rest.children;
  // React leaves an element's content alone when it is set as inner HTML, and does not compare it while hydrating.
  return createElement(type, {
    ...rest,
    dangerouslySetInnerHTML: {__html: ''},
    suppressHydrationWarning: true,
  } as unknown as P);
}
