// Prism's core as a module of its own (the `prismjs` main file also bundles languages and plugins).
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}
