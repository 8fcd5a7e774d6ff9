// Renders code-block lines the way prism-react-renderer (v2.4) does: same token normalisation, elements and class
// names (tests/unit/prism.test.ts), with colours that follow the colour mode (src/prism/themeCss.ts).
// This module holds no Prism: the tokens come from `tokenize` (src/prism/tokenize.ts), which the browser loads only
// when a code block has to be drawn (src/prism/load.ts). Without it, the code renders as plain lines.
import {useCallback, useMemo, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import type {
  LineInputProps,
  LineOutputProps,
  RenderProps,
  Token,
  TokenInputProps,
  TokenOutputProps,
} from 'prism-react-renderer';
import type {Token as PrismToken, TokenStream} from 'prismjs';
import {tokenStyle} from './themeCss';

/** Code to lines of tokens, for a language (lower case); src/prism/tokenize.ts is the one with Prism. */
export type Tokenize = (code: string, language: string) => Token[][];

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
  /** Which style properties the themes give each token type (styledProperties in src/prism/themeCss.ts). */
  styled: Map<string, Set<string>>;
  /** Without it (Prism not loaded yet), the code renders as plain lines. */
  tokenize: Tokenize | undefined;
  children: (props: Omit<RenderProps, 'style'>) => ReactNode;
}

/**
 * The lines of `code` as prism-react-renderer's Highlight gives them, with the tokens' colours as CSS variables that
 * the stylesheet of src/prism/themeCss.ts defines for both colour modes, instead of one mode's colours.
 */
export function Highlight({code, language: languageProp, styled, tokenize, children}: HighlightProps): ReactNode {
  const language = languageProp.toLowerCase();
  const tokens = useMemo(
    () => (tokenize ? tokenize(code, language) : normalizeTokens([code])),
    [tokenize, code, language],
  );
  const getTokenProps = useCallback(
    ({token, className, style, ...rest}: TokenInputProps): TokenOutputProps => {
      const {types, empty} = token;
      // An empty line's token keeps the line's height (as in the package: not a lone token of a type other than plain).
      const lone = types.length === 1 && types[0] !== 'plain';
      const display: CSSProperties | undefined = empty && !lone ? {display: 'inline-block'} : undefined;
      const colours = tokenStyle(types, styled);
      return {
        ...rest,
        className: clsx('token', ...types, className),
        children: token.content,
        style: display || colours || style ? {...display, ...colours, ...style} : undefined,
      };
    },
    [styled],
  );
  return children({tokens, className: blockClassName(language), getLineProps, getTokenProps});
}

// `line` (the tokens) is the caller's to render, not an attribute of the line's <div>.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function getLineProps({className, line, ...rest}: LineInputProps): LineOutputProps {
  return {...rest, className: clsx('token-line', className)};
}

/** The class of the block's <pre>, which needs no tokens. */
export function blockClassName(language: string): string {
  return `prism-code language-${language.toLowerCase()}`;
}
