// Code highlighting with only the languages the docs use. Stands in for `prism-react-renderer` in the site bundle
// (alias in src/plugins/prism.ts): that package evaluates its own copy of Prism with about 30 languages as soon as it
// is imported, which was half of the site bundle's start-up time (about 45 ms on a mid-range phone) and 25 KiB gzip.
// Here Prism's core is bare; the languages are `prism.additionalLanguages` in docusaurus.config.ts, which the theme
// loads into this Prism (its prism-include-languages module). `Highlight` renders like the package's own (v2.4):
// same token normalisation, class names and inline theme styles, so server and browser markup are the same as before.
import './manual';
import {useCallback, useMemo, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import Prism from 'prismjs/components/prism-core';
import type {
  LineInputProps,
  LineOutputProps,
  PrismTheme,
  PrismThemeEntry,
  RenderProps,
  Token,
  TokenInputProps,
  TokenOutputProps,
} from 'prism-react-renderer';

export {Prism};

type ThemeDict = Record<string, PrismThemeEntry> & {root: PrismThemeEntry; plain: PrismThemeEntry};

/** The theme's styles that apply to `language`, by token type, plus `root` (the block) and `plain` (text). */
function themeToDict(theme: PrismTheme, language: string): ThemeDict {
  const dict: Record<string, PrismThemeEntry> = {};
  for (const {languages, style, types} of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) dict[type] = {...dict[type], ...style};
  }
  return {...dict, root: theme.plain, plain: {...theme.plain, backgroundColor: undefined}};
}

const NEWLINE = /\r\n|\r|\n/;

/** An empty line gets one "\n" token so that it keeps its height. */
function normalizeEmptyLine(line: Token[]): void {
  if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
  else if (line.length === 1 && line[0]!.content === '') {
    line[0]!.content = '\n';
    line[0]!.empty = true;
  }
}

/** Prism's nested tokens flattened into lines of tokens, each with the types of all its ancestors. */
export function normalizeTokens(tokens: (string | Prism.Token)[]): Token[][] {
  let line: Token[] = [];
  const lines = [line];
  const walk = (stream: (string | Prism.Token)[], parentTypes: string[], nested: boolean) => {
    for (const token of stream) {
      let types = nested ? parentTypes : ['plain'];
      let content: string | Prism.TokenStream;
      if (typeof token === 'string') {
        content = token;
      } else {
        types = addType(parentTypes, token.type);
        if (token.alias) types = addType(types, token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        walk(Array.isArray(content) ? content : [content], types, true);
        continue;
      }
      const parts = content.split(NEWLINE);
      line.push({types, content: parts[0]!});
      for (const part of parts.slice(1)) {
        normalizeEmptyLine(line);
        lines.push((line = [{types, content: part}]));
      }
    }
  };
  walk(tokens, [], false);
  normalizeEmptyLine(line);
  return lines;
}

function addType(types: string[], add: string | string[]): string[] {
  return types[types.length - 1] === add ? types : types.concat(add);
}

interface HighlightProps {
  code: string;
  language: string;
  theme: PrismTheme;
  children: (props: RenderProps) => ReactNode;
}

export function Highlight({code, language: languageProp, theme, children}: HighlightProps): ReactNode {
  const language = languageProp.toLowerCase();
  const dict = useMemo(() => themeToDict(theme, language), [theme, language]);
  const tokens = useMemo(() => {
    const grammar = Prism.languages[language];
    if (!grammar) return normalizeTokens([code]);
    const env = {code, grammar, language, tokens: [] as (string | Prism.Token)[]};
    Prism.hooks.run('before-tokenize', env);
    env.tokens = Prism.tokenize(code, grammar);
    Prism.hooks.run('after-tokenize', env);
    return normalizeTokens(env.tokens);
  }, [code, language]);
  const getLineProps = useCallback(
    // `line` (the tokens) is the caller's to render, not an attribute of the line's <div>.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    ({className, style, line, ...rest}: LineInputProps): LineOutputProps => ({
      ...rest,
      className: clsx('token-line', className),
      style: {...(dict.plain as CSSProperties), ...style},
    }),
    [dict],
  );
  const getTokenProps = useCallback(
    ({token, className, style, ...rest}: TokenInputProps): TokenOutputProps => {
      const output: TokenOutputProps = {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: tokenStyle(dict, token),
      };
      if (style != null) output.style = {...output.style, ...style};
      return output;
    },
    [dict],
  );
  return children({
    tokens,
    className: `prism-code language-${language}`,
    style: dict.root as CSSProperties,
    getLineProps,
    getTokenProps,
  });
}

function tokenStyle(dict: ThemeDict, {types, empty}: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty != null ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && empty != null) return dict[types[0]!] as CSSProperties;
  return Object.assign(empty != null ? {display: 'inline-block'} : {}, ...types.map((type) => dict[type]));
}
