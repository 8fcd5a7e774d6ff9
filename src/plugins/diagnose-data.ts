// The data of 报错诊断 (src/diagnose/data.ts: every known message, its source and the sections of this site that
// quote it), built whenever content loads (build and `npm start`) and written with createData: the component imports
// it as a chunk of its own, so it is loaded on that page only, when the tool starts.
import type {LoadContext, Plugin} from '@docusaurus/types';
import {docsFromContent} from '../content';
import {buildDiagnoseData} from '../diagnose/data';

export default function diagnoseDataPlugin(context: LoadContext): Plugin {
  return {
    name: 'diagnose-data',
    async allContentLoaded({allContent, actions}) {
      const {docs} = await docsFromContent(allContent, context.siteDir);
      await actions.createData('diagnose-data.json', JSON.stringify(buildDiagnoseData(docs)));
    },
  };
}
