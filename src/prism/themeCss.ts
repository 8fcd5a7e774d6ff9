// The code blocks' colours for both colour modes, from `prism.theme` and `prism.darkTheme` (docusaurus.config.ts).
// prism-react-renderer writes each token's colours inline, for the mode it renders in; here a token's inline style
// names CSS variables instead (`color: var(--prism-color-variable, var(--prism-color-string))` for a token of types
// string and variable), and the stylesheet that src/plugins/prism.ts makes of both themes defines them under each
// mode's `data-theme`. So a block has the reader's colours from the first paint (the inline theme script sets the
// attribute before the page renders) and keeps its markup when the mode changes. The result is the package's merge
// (v2.4): per property, the last of the token's types that the theme styles wins, and an entry with `languages` counts
// only in those languages; tests/unit/prism.test.ts checks every token of the docs in both modes.
import type {CSSProperties} from 'react';
import type {PrismTheme} from 'prism-react-renderer';

/** Light: no `data-theme` yet (no JavaScript) counts as light. */
export const MODE_SCOPES = {light: ":root:not([data-theme='dark'])", dark: ":root[data-theme='dark']"} as const;

type Style = Record<string, string | number | undefined>;

const kebab = (prop: string) => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Prism's token types are plain identifiers; anything else would break the variable's name. */
function checkedType(type: string): string {
  if (!/^[a-z][\w-]*$/i.test(type)) throw new Error(`prism theme: token type "${type}" is not an identifier`);
  return type;
}

export function variable(prop: string, type: string): string {
  return `--prism-${kebab(prop)}-${checkedType(type)}`;
}

/** The theme's style of each token type in `language` (undefined: a language no entry names), as the package merges. */
function themeDict(theme: PrismTheme, language: string | undefined): Map<string, Style> {
  const dict = new Map<string, Style>();
  for (const {languages, style, types} of theme.styles) {
    if (languages && (language === undefined || !languages.includes(language))) continue;
    for (const type of types) dict.set(type, {...dict.get(type), ...(style as Style)});
  }
  return dict;
}

/** For each token type, the style properties that some theme gives it, in some language. */
export function styledProperties(themes: PrismTheme[]): Map<string, Set<string>> {
  const props = new Map<string, Set<string>>();
  for (const theme of themes) {
    for (const {types, style} of theme.styles) {
      for (const type of types) {
        if (type === 'plain') continue;
        const set = props.get(type) ?? new Set();
        for (const [prop, value] of Object.entries(style)) if (value !== undefined) set.add(prop);
        props.set(type, set);
      }
    }
  }
  return props;
}

/** A token's inline style: per property, its types' variables, the last type first (theme-independent). */
export function tokenStyle(types: string[], styled: Map<string, Set<string>>): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return undefined;
  const style: Record<string, string> = {};
  const props = new Set(types.flatMap((type) => [...(styled.get(type) ?? [])]));
  for (const prop of props) {
    const chain = [...new Set(types.filter((type) => styled.get(type)?.has(prop)).reverse())];
    style[prop] = chain.reduceRight((fallback: string, type) => {
      const name = variable(prop, type);
      return fallback ? `var(${name},${fallback})` : `var(${name})`;
    }, '');
  }
  return props.size ? (style as CSSProperties) : undefined;
}

function declarations(vars: [string, string | number][]): string {
  return vars.map(([name, value]) => `${name}:${String(value)}`).join(';');
}

function dictVariables(dict: Map<string, Style>, only?: Set<string>): [string, string | number][] {
  return [...dict].flatMap(([type, style]) =>
    only && !only.has(type)
      ? []
      : Object.entries(style).flatMap(([prop, value]) =>
          value === undefined ? [] : [[variable(prop, type), value] as [string, string | number]],
        ),
  );
}

function themeRules(scope: string, theme: PrismTheme): string[] {
  const {color, backgroundColor} = theme.plain;
  // The container (CodeBlock/Container) and its buttons read the two variables; the lines take the text colour.
  const rules = [`${scope} .theme-code-block{--prism-color:${color};--prism-background-color:${backgroundColor}}`];
  rules.push(`${scope} .prism-code{${declarations(dictVariables(themeDict(theme, undefined)))}}`);
  const languages = new Set(theme.styles.flatMap((entry) => entry.languages ?? []));
  for (const language of languages) {
    const touched = new Set(theme.styles.filter((e) => e.languages?.includes(language)).flatMap((e) => e.types));
    const vars = dictVariables(themeDict(theme, language), touched);
    rules.push(`${scope} .prism-code.language-${checkedType(language)}{${declarations(vars)}}`);
  }
  return rules;
}

export function prismThemeCss(light: PrismTheme, dark: PrismTheme): string {
  return [...themeRules(MODE_SCOPES.light, light), ...themeRules(MODE_SCOPES.dark, dark)].join('\n') + '\n';
}
