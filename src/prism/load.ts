// Where the code blocks get their tokenizer (src/prism/tokenize.ts, Prism with its languages). The server render has it
// from the start. The browser loads it as a chunk of its own, prefetched at idle priority, and only when a block has to
// be drawn: a page as it first arrives keeps the server's highlighted markup (src/theme/CodeBlock/Content), and the
// colours follow the colour mode by CSS, so a reader who does not follow a link never runs it. A client-side navigation
// starts loading it (src/prism/navigation.ts). The prefetch hint belongs to the chunk that holds this module, one of the
// doc pages' route chunks (the code blocks import it), so webpack adds the prefetch link when that chunk loads: in the
// site bundle, it was added in the bundle's first task, 15–30 ms of it on a phone (issue #28).
import {useEffect, useState} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {Tokenize} from './highlight';

let tokenize: Tokenize | undefined;
let loading: Promise<Tokenize> | undefined;

export function loadTokenizer(): Promise<Tokenize> {
  loading ??= import(/* webpackChunkName: "prism", webpackPrefetch: true */ './tokenize').then((module) => {
    tokenize = module.tokenize;
    return tokenize;
  });
  return loading;
}

// The server render is synchronous: the module is in the server bundle, and loaded before any page renders.
if (!ExecutionEnvironment.canUseDOM) void loadTokenizer();

/** The tokenizer once loaded; while `needed`, loads it and renders again when it arrives. */
export function useTokenizer(needed: boolean): Tokenize | undefined {
  if (!ExecutionEnvironment.canUseDOM && !tokenize) {
    throw new Error(
      'src/prism/tokenize.ts was not loaded before the server render: code blocks would lose their colours',
    );
  }
  const [loaded, setLoaded] = useState(() => tokenize);
  useEffect(() => {
    if (needed && !loaded) void loadTokenizer().then((t) => setLoaded(() => t));
  }, [needed, loaded]);
  return loaded ?? tokenize;
}
