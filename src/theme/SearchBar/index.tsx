// Ejected from theme-search-algolia 3.10.2 because a wrapper cannot drop its Algolia preconnect: serves the same
// DocSearch modal from the embedded index when no Algolia credentials are set, and enforces the spec's limits
// (64-character query, snippets of 10 words or 5 on small screens) on both backends.
import React, {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import type {
  DocSearchHit,
  DocSearchModalProps,
  DocSearchTransformClient,
  InternalDocSearchHit,
  StoredDocSearchHit,
} from '@docsearch/react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {isRegexpStringMatch, useSearchLinkCreator} from '@docusaurus/theme-common';
import {
  mergeFacetFilters,
  useAlgoliaContextualFacetFilters,
  useSearchResultUrlProcessor,
} from '@docusaurus/theme-search-algolia/client';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {ThemeConfig as AlgoliaThemeConfig} from '@docusaurus/theme-search-algolia';
import {getLocalSearchClient} from '@site/src/search/client/client';
import {searchIntent} from '@site/src/search/client/earlyIntent';
import {MAX_QUERY_LENGTH, SMALL_SCREEN_QUERY, SNIPPET_WORDS, SNIPPET_WORDS_SMALL} from '@site/src/search/shared/limits';
import type ModalScreenComponent from './ModalScreen';
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './styles.css';

type AlgoliaConfig = AlgoliaThemeConfig['algolia'] & {maxResultsPerGroup?: number};
type ModalComponent = (props: DocSearchModalProps) => ReactNode;
export type ModalTranslations = DocSearchModalProps['translations'];

let DocSearchModal: ModalComponent | null = null;
let ModalScreen: typeof ModalScreenComponent | null = null;
let modalTranslations: ModalTranslations;

/**
 * The modal, its styles, its texts and our screens (ModalScreen.tsx) load together, on the first sign that the reader
 * will search.
 */
function importDocSearchModalIfNeeded(): Promise<void> {
  if (DocSearchModal) return Promise.resolve();
  return Promise.all([
    import('@docsearch/react/modal'),
    import('./modalStyles'),
    import('@theme/SearchTranslations'),
    import('./ModalScreen'),
  ]).then(([{DocSearchModal: Modal}, , {default: translations}, {default: Screen}]) => {
    modalTranslations = translations.modal;
    ModalScreen = Screen;
    DocSearchModal = Modal as ModalComponent;
  });
}

/** The button's text, the only one needed before the modal opens (same id as in @theme/SearchTranslations). */
const SEARCH_LABEL = translate({
  id: 'theme.SearchBar.label',
  message: 'Search',
  description: 'The ARIA label and placeholder for search button',
});
const BUTTON_TRANSLATIONS = {buttonText: SEARCH_LABEL, buttonAriaLabel: SEARCH_LABEL};

const SNIPPET_ATTRIBUTES = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6']
  .map((l) => `hierarchy.${l}`)
  .concat('content');

/** The current text selection as a starting query, cut to the query limit. */
function selectionQuery(): string | undefined {
  const text = window.getSelection()?.toString().trim() ?? '';
  return text ? text.slice(0, MAX_QUERY_LENGTH) : undefined;
}

function Hit({hit, children}: {hit: InternalDocSearchHit | StoredDocSearchHit; children: ReactNode}) {
  return <Link to={hit.url}>{children}</Link>;
}

function ResultsFooter({state, onClose}: {state: {query: string; context: {nbHits?: unknown}}; onClose: () => void}) {
  const createSearchLink = useSearchLinkCreator();
  return (
    <Link to={createSearchLink(state.query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{count: String(state.context.nbHits ?? 0)}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

export default function SearchBar(): ReactNode {
  const {siteConfig, siteMetadata} = useDocusaurusContext();
  const config = siteConfig.themeConfig.algolia as AlgoliaConfig;
  const local = siteConfig.customFields?.searchLocal === true;
  const history = useHistory();
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const contextualFacetFilters = useAlgoliaContextualFacetFilters();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const [snippetWords, setSnippetWords] = useState(SNIPPET_WORDS);
  const [failed, setFailed] = useState(false);

  const openModal = useCallback(() => {
    // Until the box has focus, the keys typed go to the early script's record and then into the box
    // (src/search/client/earlyIntent.ts): the modal's code may still be loading.
    searchIntent().waiting = true;
    setContainer((existing) => {
      if (existing) return existing;
      const div = document.createElement('div');
      document.body.insertBefore(div, document.body.firstChild);
      return div;
    });
    setInitialQuery(selectionQuery());
    setSnippetWords(window.matchMedia(SMALL_SCREEN_QUERY).matches ? SNIPPET_WORDS_SMALL : SNIPPET_WORDS);
    importDocSearchModalIfNeeded().then(() => setIsOpen(true));
  }, []);

  const closeModal = useCallback(() => {
    const intent = searchIntent();
    intent.waiting = false;
    intent.text = '';
    setIsOpen(false);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
  }, []);

  // From here on the bar handles shortcuts and clicks itself; a request made before the page was live opens the modal
  // now, with what was typed meanwhile.
  useEffect(() => {
    const intent = searchIntent();
    intent.live = true;
    if (intent.open) {
      intent.open = false;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the early script is outside React; read once, on mount
      openModal();
    }
  }, [openModal]);

  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    searchButtonRef,
    isAskAiActive: false,
    onAskAiToggle: () => {},
  });

  // DocSearch 4 allows 512 characters; the spec allows 64, typed or pasted (the browser enforces maxLength).
  useEffect(() => {
    if (!isOpen) return undefined;
    const apply = () => {
      const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
      if (input && input.maxLength !== MAX_QUERY_LENGTH) input.maxLength = MAX_QUERY_LENGTH;
      return !!input;
    };
    if (apply()) return undefined;
    const observer = new MutationObserver(() => apply() && observer.disconnect());
    observer.observe(document.body, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [isOpen]);

  const navigator = useMemo(
    () => ({
      navigate({itemUrl}: {itemUrl: string}) {
        if (isRegexpStringMatch(config.externalUrlRegex, itemUrl)) window.location.href = itemUrl;
        else history.push(itemUrl);
      },
    }),
    [config.externalUrlRegex, history],
  );

  const transformItems = useCallback(
    (items: DocSearchHit[]) => items.map((item) => ({...item, url: processSearchResultUrl(item.url)})),
    [processSearchResultUrl],
  );

  const {docusaurusVersion} = siteMetadata;
  const transformSearchClient = useCallback(
    (searchClient: DocSearchTransformClient): DocSearchTransformClient => {
      let client = searchClient;
      if (local) {
        const localClient = getLocalSearchClient();
        localClient.prefetch();
        client = localClient as unknown as DocSearchTransformClient;
      } else {
        searchClient.addAlgoliaAgent('docusaurus', docusaurusVersion);
      }
      // Remember whether the backend was unreachable, for the error screen (see ModalScreen.tsx).
      return {
        ...client,
        search: (argument) =>
          client.search(argument).then(
            (response) => {
              setFailed(false);
              return response;
            },
            (error: unknown) => {
              setFailed((error as Error | undefined)?.name === 'RetryError');
              throw error;
            },
          ),
      };
    },
    [local, docusaurusVersion],
  );

  const searchParameters = useMemo(() => {
    const configFacetFilters = (config.searchParameters?.facetFilters ?? []) as string[];
    return {
      ...config.searchParameters,
      facetFilters: config.contextualSearch
        ? mergeFacetFilters(contextualFacetFilters, configFacetFilters)
        : configFacetFilters,
      attributesToSnippet: SNIPPET_ATTRIBUTES.map((a) => `${a}:${snippetWords}`),
    };
  }, [config.searchParameters, config.contextualSearch, contextualFacetFilters, snippetWords]);

  const resultsFooterComponent = useMemo(
    () =>
      function Footer({state}: {state: {query: string; context: {nbHits?: unknown}}}) {
        return <ResultsFooter state={state} onClose={closeModal} />;
      },
    [closeModal],
  );

  return (
    <>
      <Head>
        <html data-search-backend={local ? 'local' : 'algolia'} />
        {/* Lets the browser open the connection to the DocSearch cluster before the first query. */}
        {!local && <link rel="preconnect" href={`https://${config.appId}-dsn.algolia.net`} crossOrigin="anonymous" />}
      </Head>
      <DocSearchButton
        onTouchStart={importDocSearchModalIfNeeded}
        onFocus={importDocSearchModalIfNeeded}
        onMouseOver={importDocSearchModalIfNeeded}
        onClick={openModal}
        ref={searchButtonRef}
        translations={BUTTON_TRANSLATIONS}
      />
      {isOpen &&
        DocSearchModal &&
        container &&
        createPortal(
          <DocSearchModal
            appId={config.appId}
            apiKey={config.apiKey}
            indexName={config.indexName}
            onClose={closeModal}
            onAskAiToggle={() => {}}
            initialScrollY={window.scrollY}
            initialQuery={initialQuery}
            navigator={navigator}
            transformItems={transformItems}
            hitComponent={Hit}
            transformSearchClient={transformSearchClient}
            {...(config.searchPagePath ? {resultsFooterComponent} : {})}
            maxResultsPerGroup={config.maxResultsPerGroup}
            insights={local ? false : config.insights}
            translations={modalTranslations}
            searchParameters={searchParameters}
          />,
          container,
        )}
      {isOpen && ModalScreen && <ModalScreen failed={failed} translations={modalTranslations} onClose={closeModal} />}
    </>
  );
}
