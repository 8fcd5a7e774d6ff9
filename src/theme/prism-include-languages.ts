// Ejected to do nothing where the theme calls it (its client module, in the site bundle): src/prism/tokenize.ts calls
// the stock one itself, so that Prism's languages come with Prism, in the chunk the browser loads on demand.
export default function prismIncludeLanguages(): void {}
