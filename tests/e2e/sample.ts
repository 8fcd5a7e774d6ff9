// The pages.spec sample: one page of each kind, read whole by axe in both colour modes and at both widths. What makes
// the sample enough is checked on the build by tests/output/axe-sample.test.ts: together the sampled articles use every
// element and class that any page's article uses, so each component (table, admonition of each kind, blockquote,
// diagram, image, inline code, link in text) is checked in light and dark mode.

export const DOC = '/docs/documents/introduct';
export const SEARCH = '/search?q=显存';
export const NOT_FOUND = '/no-such-page';

/**
 * The first page, long reference pages with code and tables, diagrams, images, a tutorial, troubleshooting, billing,
 * a page outside the sidebar, a page with a danger admonition and a quotation, the GPU-memory estimator, 训练前检查,
 * 报错诊断, search, not found.
 */
export const SAMPLE = [
  DOC,
  '/docs/documents/overview',
  '/docs/documents/guide/Train/parameter',
  '/docs/documents/guide/Train/mintor',
  '/docs/documents/best-practice/health',
  '/docs/documents/problems/outofmemory',
  '/docs/documents/recharge/bill',
  '/docs/documents/best-practice/llama',
  '/docs/documents/best-practice/medical',
  '/docs/documents/guide/shili/%7Bproduct%7D',
  '/docs/documents/guide/Train/preflight',
  '/docs/documents/problems/diagnose',
  SEARCH,
  NOT_FOUND,
];
