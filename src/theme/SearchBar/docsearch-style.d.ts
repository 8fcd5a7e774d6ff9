// DocSearch ships its stylesheet as a side-effect module without types.
declare module '@docsearch/react/style';
