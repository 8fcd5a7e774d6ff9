import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// The one sidebar of the site. Ids are explicit so a page appears only where it is listed here.
// Unlisted on purpose (reachable by links and search): documents/best-practice/llama,
// documents/best-practice/template, documents/start, documents/guide/dataset, documents/guide/format.

type Item = string | {type: 'category'; label: string; collapsed: boolean; items: Item[]; key?: string};

/** A category whose items are ids under docs/documents/; `key` tells apart categories with the same label. */
function category(label: string, ids: (string | Item)[], collapsed = true, key?: string): Item {
  return {
    type: 'category',
    label,
    collapsed,
    items: ids.map((id) => (typeof id === 'string' ? `documents/${id}` : id)),
    ...(key ? {key} : {}),
  };
}

const sidebars = {
  documentsSidebar: [
    category('平台介绍', ['introduct', 'overview', 'env', 'document_management', 'usercenter', 'reward'], false),
    category(
      '快速开始',
      [
        'quickstart/loginAccount',
        'quickstart/freetrialguide',
        'quickstart/start',
        'quickstart/getstarted',
        'startcopy',
      ],
      false,
    ),
    category('实例', [
      'guide/workspace',
      'guide/shili/instance',
      'guide/shili/{product}',
      'guide/shili/mirrorList',
      'guide/shili/JupyterLab',
      'guide/shili/VScode',
      'guide/shili/ssh',
      'guide/shili/service',
    ]),
    category('数据', [
      'guide/data-processing',
      'guide/dataProcessing/datasetType',
      'guide/dataProcessing/datasetDir',
      'guide/dataProcessing/datasetConfig',
      'guide/dataProcessing/datasetConvert',
      'guide/dataProcessing/uploadDatasetByJupyter',
      'guide/dataProcessing/SFTPupload',
      'guide/dataProcessing/uploadFileByObjectStorage',
    ]),
    category('模型训练', [
      'guide/Train/explain',
      'guide/Train/structure',
      'guide/Train/train1',
      'guide/Train/train2',
      'guide/Train/parameter',
      'guide/Train/preflight',
      'guide/Train/mintor',
      'guide/Train/evaluate&predict',
      'guide/Train/export',
      'guide/Train/chat',
    ]),
    category('任务中心', [
      'guide/center/train-manage',
      'guide/center/train-manage-com',
      'guide/center/evaluate-manage',
      'guide/center/evaluate-manage-com',
    ]),
    category('公共数据与模型', [
      'publicdata',
      'public-data/data',
      'public-data/model',
      'public-data/uploadFileByObjectStorage',
    ]),
    category('费用中心', [
      'recharge/charging',
      'recharge/refill',
      'recharge/order',
      'recharge/bill',
      'recharge/lfbill',
      'recharge/gift_token',
    ]),
    category('最佳实践', [
      'best-practice/practice',
      category('医疗健康', [
        'best-practice/caregpt',
        'best-practice/medical',
        'best-practice/health',
        'best-practice/medical_image',
      ]),
      category('行业应用', [
        'best-practice/finance',
        'best-practice/smart_home',
        'best-practice/dataAnalyst',
        'best-practice/LLMpeerreviewer',
      ]),
      category('角色与文化', [
        'best-practice/roleplay',
        'best-practice/gptroleplay',
        'best-practice/Dongpo',
        'best-practice/bowuguan',
        'best-practice/weclone',
      ]),
      category('智能体', ['best-practice/lightLLMagent']),
      category('多模态', ['best-practice/vla', 'best-practice/speechEnhancement']),
      category('模型与工具', [
        'best-practice/qwen3-8B',
        'best-practice/qwen80B',
        'best-practice/ChineseTinyLLM',
        'best-practice/comfyui',
      ]),
    ]),
    category('常见问题', [
      'problems/diagnose',
      category('实例与环境', [
        'problems/viewInstances',
        'problems/viewGpuStatus',
        'problems/GPU',
        'problems/mirror',
        'problems/accelerate',
        'problems/downloadModles',
        'problems/installflashattention',
      ]),
      category(
        '数据',
        [
          'problems/sftp',
          'problems/uploadDatasets',
          'problems/customDataset',
          'problems/customdataQA',
          'problems/detectionunsuccessful',
          'problems/beshuffled',
        ],
        true,
        'problems-data',
      ),
      category('训练', [
        'problems/outofmemory',
        'problems/exit',
        'problems/continueTrain',
        'problems/finetuningresults',
      ]),
      category('推理', ['problems/repeatedresponses', 'problems/vllmError', 'problems/gptoss']),
    ]),
    category('工具', ['tool/spack']),
  ],
} satisfies SidebarsConfig;

export default sidebars;
