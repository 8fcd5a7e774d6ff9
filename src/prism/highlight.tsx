// Renders code-block lines the way prism-react-renderer (v2.4) does: same token normalisation, class names and inline
// theme styles, so server and browser markup are the same as the package's (tests/unit/prism.test.ts). This module holds
// no Prism: the tokens come from `tokenize` (src/prism/tokenize.ts), which the browser loads only when a code block has
// to be drawn (src/prism/load.ts). Without it, the code renders as plain lines.
import {useCallback, useMemo, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
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
import type {Token as PrismToken, TokenStream} from 'prismjs';

/** Code to lines of tokens, for a language (lower case); src/prism/tokenize.ts is the one with Prism. */
export type Tokenize = (code: string, language: string) => Token[][];

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
export function normalizeTokens(tokens: (string | PrismToken)[]): Token[][] {
  let line: Token[] = [];
  const lines = [line];
  const walk = (stream: (string | PrismToken)[], parentTypes: string[], nested: boolean) => {
    for (const token of stream) {
      let types = nested ? parentTypes : ['plain'];
      let content: TokenStream;
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
  /** Without it (Prism not loaded yet), the code renders as plain lines in the theme's text colour. */
  tokenize: Tokenize | undefined;
  children: (props: RenderProps) => ReactNode;
}

export function Highlight({code, language: languageProp, theme, tokenize, children}: HighlightProps): ReactNode {
  const language = languageProp.toLowerCase();
  const dict = useMemo(() => themeToDict(theme, language), [theme, language]);
  const tokens = useMemo(
    () => (tokenize ? tokenize(code, language) : normalizeTokens([code])),
    [tokenize, code, language],
  );
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
    ...blockProps(theme, languageProp),
    getLineProps,
    getTokenProps,
  });
}

/** The class and style of the block's <pre>, which need no tokens. */
export function blockProps(theme: PrismTheme, language: string): {className: string; style: CSSProperties} {
  return {className: `prism-code language-${language.toLowerCase()}`, style: theme.plain as CSSProperties};
}

function tokenStyle(dict: ThemeDict, {types, empty}: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty != null ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && empty != null) return dict[types[0]!] as CSSProperties;
  return Object.assign(empty != null ? {display: 'inline-block'} : {}, ...types.map((type) => dict[type]));
}
