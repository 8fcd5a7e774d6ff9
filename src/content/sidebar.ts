// The sidebar facts our outputs need: each doc's top-level category and the sidebar order. Reads sidebars.ts as
// written (string ids) and the docs plugin's loaded sidebars alike.

/** The category of pages that are in no sidebar category. */
export const UNLISTED_CATEGORY = '更多文档';

export type SidebarItem =
  string | {type: string; id?: string; label?: string; items?: SidebarItem[]; link?: {type: string; id?: string}};

/** Doc id → top-level sidebar category label, in sidebar order. */
export function sidebarCategories(items: readonly SidebarItem[]): Map<string, string> {
  const result = new Map<string, string>();
  const collect = (item: SidebarItem, label: string) => {
    if (typeof item === 'string') {
      if (!result.has(item)) result.set(item, label);
      return;
    }
    if ((item.type === 'doc' || item.type === 'ref') && item.id && !result.has(item.id)) result.set(item.id, label);
    if (item.link?.type === 'doc' && item.link.id && !result.has(item.link.id)) result.set(item.link.id, label);
    item.items?.forEach((child) => collect(child, label));
  };
  for (const item of items) {
    const label =
      typeof item !== 'string' && item.type === 'category' ? (item.label ?? UNLISTED_CATEGORY) : UNLISTED_CATEGORY;
    collect(item, label);
  }
  return result;
}

/** Compares doc ids in sidebar order, unlisted docs last, then by id. */
export function bySidebarOrder(categories: Map<string, string>): (a: string, b: string) => number {
  const order = [...categories.keys()];
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i < 0 ? Infinity : i;
  };
  return (a, b) => rank(a) - rank(b) || a.localeCompare(b);
}
