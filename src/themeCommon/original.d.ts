// The unmodified theme-common module that src/themeCommon/reactUtils.ts re-exports (alias set in src/plugins/no-icu.ts).
// Declared without types: only theme-common's own code imports the re-export, so copying its signatures here would
// only give them a chance to drift from the package.
declare module 'theme-common-react-utils-original';
