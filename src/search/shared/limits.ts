// Search limits from the spec (§5, §9), shared by the search bar, the engine and the client.

/** Longest query a reader can type, paste or start from a selection. */
export const MAX_QUERY_LENGTH = 64;

/** Words per snippet, and on screens up to SMALL_SCREEN wide. */
export const SNIPPET_WORDS = 10;
export const SNIPPET_WORDS_SMALL = 5;
export const SMALL_SCREEN_QUERY = '(max-width: 768px)';
