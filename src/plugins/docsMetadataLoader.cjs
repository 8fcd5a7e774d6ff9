// Webpack loader for the docs plugin's version metadata (.docusaurus/docusaurus-plugin-content-docs/*/p/*.json), which
// every doc page loads: drops each doc's `description` from its map of docs. Only DocCard reads it (category cards,
// which this site does not render: see src/plugins/docs-metadata.ts); each page's own description
// comes with the page. Anything that is not version metadata passes through as it is.
module.exports = function docsMetadataLoader(source) {
  const data = JSON.parse(source);
  const docs = data && data.version && data.version.docs;
  if (!docs || typeof docs !== 'object') return source;
  for (const doc of Object.values(docs)) delete doc.description;
  return JSON.stringify(data);
};
