// Written by src/plugins/diagnose-data.ts into .docusaurus/ at build time and in `npm start`.
declare module '@generated/diagnose-data/default/diagnose-data.json' {
  import type {DiagnoseData} from '@site/src/diagnose/match';
  const data: DiagnoseData;
  export default data;
}
