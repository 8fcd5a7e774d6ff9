// Prism, with only the languages of `prism.additionalLanguages` (docusaurus.config.ts), and the tokenizer the code
// blocks use. The server render imports it at once; the browser loads it as a chunk of its own when a code block has
// to be drawn (src/prism/load.ts), since the server's highlighted markup serves the page as it first arrives.
import './manual';
import Prism from 'prismjs/components/prism-core';
// The stock language loader (our @theme/prism-include-languages does nothing, so that the languages come with this
// module and not with the site bundle).
import includeLanguages from '@theme-original/prism-include-languages';
import {normalizeTokens, type Tokenize} from './highlight';

includeLanguages(Prism);

export {Prism};

/** Lines of tokens of `code`; a language Prism does not know gives plain lines. */
export const tokenize: Tokenize = (code, language) => {
  const grammar = Prism.languages[language];
  if (!grammar) return normalizeTokens([code]);
  const env = {code, grammar, language, tokens: [] as (string | Prism.Token)[]};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(code, grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
};
