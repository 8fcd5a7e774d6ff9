// The relevance query set: what readers of this site type or paste, and the pages (Docusaurus doc ids) that
// answer it, written from the pages as a reader would put it, not from any engine's output. Shared by
// tests/unit/search-relevance.test.ts and scripts/bench-search.ts (recall@5 and MRR per kind, latency).

export type QueryKind =
  | 'keyword' // a term the page uses
  | 'paraphrase' // the page's topic in other words than the page's
  | 'spread' // words that occur on the page, but apart (different paragraphs, rows, headings)
  | 'question' // a question typed as a sentence
  | 'error' // a pasted error line, with the reader's own paths and numbers
  | 'code' // a parameter, file, command or path name
  | 'mixed' // Chinese mixed with English product and tool names
  | 'typo' // a Latin word mistyped or cut short
  | 'colloquial'; // how readers talk (爆显存了, 钱怎么扣的)

export interface RelevanceQuery {
  query: string;
  kind: QueryKind;
  /** Any of these pages counts as the right one (for recall@5 and for the rank in MRR). */
  expected: string[];
}

type Entry = Omit<RelevanceQuery, 'kind'>;
const kind = (k: QueryKind, entries: Entry[]): RelevanceQuery[] => entries.map((e) => ({...e, kind: k}));

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  // Typed Chinese keywords, including words a dictionary segmenter splits.
  ...kind('keyword', [
    {query: '显存不足', expected: ['documents/problems/outofmemory']},
    {query: '代金券', expected: ['documents/recharge/gift_token', 'documents/quickstart/freetrialguide']},
    {query: '断点续训', expected: ['documents/problems/continueTrain']},
    {query: '学习率', expected: ['documents/guide/Train/parameter']},
    {
      query: '上传数据集',
      expected: [
        'documents/guide/dataProcessing/uploadDatasetByJupyter',
        'documents/guide/dataProcessing/SFTPupload',
        'documents/guide/dataProcessing/uploadFileByObjectStorage',
        'documents/document_management',
        'documents/problems/uploadDatasets',
        'documents/guide/data-processing',
      ],
    },
    {query: '模型导出', expected: ['documents/guide/Train/export']},
    {query: '定时关机', expected: ['documents/guide/shili/instance']},
    {query: '按量计费', expected: ['documents/recharge/charging']},
    {query: '计费延迟', expected: ['documents/recharge/charging']},
    {query: '邀请码', expected: ['documents/reward', 'documents/quickstart/loginAccount']},
    {query: '忘记密码', expected: ['documents/quickstart/loginAccount']},
    {query: '损失曲线', expected: ['documents/guide/Train/mintor']},
    {query: '模型重复输出', expected: ['documents/problems/repeatedresponses']},
    {query: '数据集检测不通过', expected: ['documents/problems/detectionunsuccessful']},
    {query: '公共数据集', expected: ['documents/public-data/data', 'documents/publicdata']},
    {query: '端口转发', expected: ['documents/guide/shili/ssh']},
    {
      query: '任务一直排队',
      expected: [
        'documents/guide/center/train-manage',
        'documents/problems/viewInstances',
        'documents/quickstart/getstarted',
      ],
    },
    {query: '角色扮演', expected: ['documents/best-practice/roleplay', 'documents/best-practice/gptroleplay']},
    {query: '灵动超省', expected: ['documents/recharge/charging', 'documents/guide/shili/instance']},
    {query: '有效批大小', expected: ['documents/guide/Train/parameter']},
    {query: '冒烟测试', expected: ['documents/best-practice/qwen80B']},
    {query: '最佳实践模板', expected: ['documents/best-practice/template']},
    {query: '苏东坡', expected: ['documents/best-practice/Dongpo']},
    {query: '账单明细', expected: ['documents/recharge/bill']},
    {query: '博物馆导览', expected: ['documents/best-practice/bowuguan']},
  ]),
  // Questions typed as a sentence.
  ...kind('question', [
    {query: '显存不足怎么办', expected: ['documents/problems/outofmemory']},
    {query: '关机后还在扣费', expected: ['documents/recharge/charging']},
    {query: '微调效果不好', expected: ['documents/problems/finetuningresults']},
    {query: '训练数据会被打乱吗', expected: ['documents/problems/beshuffled']},
    {query: '多轮对话数据怎么写', expected: ['documents/problems/customdataQA', 'documents/guide/format']},
    {query: '任务失败了还扣费吗', expected: ['documents/recharge/lfbill']},
    {query: '数据集应该放在哪个目录', expected: ['documents/guide/dataProcessing/datasetDir']},
    {
      query: '怎么释放显存',
      expected: [
        'documents/guide/shili/JupyterLab',
        'documents/problems/viewGpuStatus',
        'documents/problems/outofmemory',
      ],
    },
    {query: '充值后能退款吗', expected: ['documents/recharge/refill']},
  ]),
  // Several words, Chinese with English product and tool names.
  ...kind('mixed', [
    {query: 'SFTP 上传', expected: ['documents/guide/dataProcessing/SFTPupload', 'documents/problems/sftp']},
    {query: 'LoRA 合并', expected: ['documents/guide/Train/export']},
    {query: 'flash-attn 安装', expected: ['documents/problems/installflashattention']},
    {query: 'vLLM 报错', expected: ['documents/problems/vllmError']},
    {query: '充值 发票', expected: ['documents/recharge/refill']},
    {query: '实例 关机', expected: ['documents/guide/shili/instance', 'documents/quickstart/start']},
    {query: 'SSH 连接', expected: ['documents/guide/shili/ssh']},
    {
      query: '评估 BLEU',
      expected: ['documents/guide/Train/evaluate&predict', 'documents/guide/center/evaluate-manage-com'],
    },
    {
      query: 'SwanLab 训练曲线',
      expected: ['documents/guide/Train/mintor', 'documents/usercenter', 'documents/guide/Train/train1'],
    },
    {query: 'pip 镜像源', expected: ['documents/problems/mirror']},
    {query: 'Hugging Face 下载慢', expected: ['documents/problems/accelerate', 'documents/problems/downloadModles']},
    {query: 'ModelScope 下载模型', expected: ['documents/problems/downloadModles']},
    {
      query: 'DeepSpeed ZeRO-3',
      expected: [
        'documents/guide/Train/parameter',
        'documents/problems/outofmemory',
        'documents/best-practice/medical',
      ],
    },
    {
      query: 'rclone 对象存储',
      expected: [
        'documents/guide/dataProcessing/uploadFileByObjectStorage',
        'documents/public-data/uploadFileByObjectStorage',
      ],
    },
    {
      query: 'llamafactory-cli api 部署',
      expected: ['documents/guide/shili/service', 'documents/best-practice/qwen3-8B'],
    },
    {query: 'tmux 断开后继续训练', expected: ['documents/guide/shili/ssh']},
    {query: 'gpt-oss 微调', expected: ['documents/problems/gptoss']},
    {query: 'QLoRA 和 LoRA 的区别', expected: ['documents/guide/Train/explain']},
    {query: 'H800 显存 卡数', expected: ['documents/guide/shili/{product}']},
    {query: 'DPO 偏好数据', expected: ['documents/guide/dataProcessing/datasetType', 'documents/best-practice/health']},
    {query: 'CSV 转 Alpaca', expected: ['documents/guide/dataProcessing/datasetConvert']},
    {query: 'Alpaca ShareGPT 格式', expected: ['documents/guide/format']},
    {query: 'LlamaBoard 微调', expected: ['documents/guide/Train/train2']},
    {query: '温度 top_p', expected: ['documents/guide/Train/chat']},
    {query: 'VS Code Remote-SSH', expected: ['documents/guide/shili/VScode']},
    {query: 'GPTQ 量化导出', expected: ['documents/guide/Train/export']},
    {
      query: 'Qwen3-8B 部署 OpenAI API',
      expected: ['documents/best-practice/qwen3-8B', 'documents/guide/shili/service'],
    },
    {query: 'conda 环境', expected: ['documents/env']},
    {query: '订单 待支付', expected: ['documents/recharge/order']},
    {query: 'git clone GitHub 超时', expected: ['documents/problems/accelerate']},
    {query: 'KV cache', expected: ['documents/problems/vllmError']},
    {query: 'Spack', expected: ['documents/tool/spack']},
    {query: 'JupyterLab', expected: ['documents/guide/shili/JupyterLab']},
    {query: '聊天记录 数字分身', expected: ['documents/best-practice/weclone']},
    {query: '音频 微调', expected: ['documents/best-practice/speechEnhancement']},
    {query: '自动驾驶 VLA', expected: ['documents/best-practice/vla']},
    {query: 'ComfyUI 工作流', expected: ['documents/best-practice/comfyui']},
  ]),
  // Parameter and file names.
  ...kind('code', [
    {query: 'dataset_info.json', expected: ['documents/guide/dataProcessing/datasetConfig']},
    {query: 'lora_rank', expected: ['documents/guide/Train/parameter']},
    {query: 'cutoff_len', expected: ['documents/guide/Train/parameter', 'documents/problems/customdataQA']},
    {
      query: 'resume_from_checkpoint',
      expected: ['documents/problems/continueTrain', 'documents/guide/Train/parameter'],
    },
    {query: 'dataset_dir', expected: ['documents/guide/dataProcessing/datasetDir']},
    {query: 'mix_strategy', expected: ['documents/problems/beshuffled']},
    {query: '/shared-only/models', expected: ['documents/public-data/model', 'documents/publicdata']},
    {query: 'nvidia-smi', expected: ['documents/problems/viewGpuStatus', 'documents/env']},
  ]),
  // Pasted error lines, with the reader's own numbers and names in them.
  ...kind('error', [
    {
      query: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB',
      expected: ['documents/problems/outofmemory'],
    },
    {query: 'ValueError: Undefined dataset', expected: ['documents/problems/customDataset']},
    {
      query: 'ValueError: Undefined dataset my_qa in dataset_info.json.',
      expected: ['documents/problems/customDataset'],
    },
    {
      query: 'RuntimeError: Cannot find valid samples, check `data/README.md` for the data format.',
      expected: ['documents/problems/customDataset', 'documents/problems/detectionunsuccessful'],
    },
    {query: 'RuntimeError: No CUDA GPUs are available', expected: ['documents/problems/GPU']},
    {
      query: 'RuntimeError: CUDA error: no kernel image is available for execution on the device',
      expected: ['documents/problems/GPU', 'documents/problems/installflashattention'],
    },
    {query: 'torch.cuda.is_available() False', expected: ['documents/problems/GPU', 'documents/env']},
    {query: 'Watchdog caught collective operation timeout', expected: ['documents/problems/exit']},
    {
      query: 'OSError: [Errno 28] No space left on device',
      expected: ['documents/problems/exit', 'documents/problems/downloadModles', 'documents/guide/workspace'],
    },
    {query: 'undefined symbol flash_attn', expected: ['documents/problems/installflashattention']},
    {query: 'Received message too long', expected: ['documents/problems/sftp']},
    {
      query: 'Permission denied (publickey,password).',
      expected: ['documents/problems/sftp', 'documents/guide/shili/ssh'],
    },
    {query: 'ValueError: LoRA rank 64 is greater than max_lora_rank 16.', expected: ['documents/problems/vllmError']},
    {
      query: 'ImportError: vllm>=0.4.3,<=0.11.0 is required for a normal functioning of this module',
      expected: ['documents/problems/vllmError'],
    },
    {
      query: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xb4 in position 0",
      expected: ['documents/problems/uploadDatasets'],
    },
    {query: 'ValueError: Template gpt_oss does not exist.', expected: ['documents/problems/gptoss']},
    {
      query: "ValueError: Can't find a valid checkpoint at saves/qwen/lora/sft/checkpoint-200",
      expected: ['documents/problems/continueTrain'],
    },
    {query: 'CondaHTTPError: HTTP 000 CONNECTION FAILED', expected: ['documents/problems/mirror']},
  ]),
  // The page's topic in the reader's words rather than the page's.
  ...kind('paraphrase', [
    {query: '免费试用', expected: ['documents/quickstart/freetrialguide', 'documents/recharge/gift_token']},
    {query: '创建实例', expected: ['documents/guide/shili/instance', 'documents/quickstart/start']},
    {query: '开通账号', expected: ['documents/quickstart/loginAccount']},
    {query: '合并 LoRA 权重', expected: ['documents/guide/Train/export']},
    {query: '训练中断后接着训', expected: ['documents/problems/continueTrain']},
    {query: '显卡配置', expected: ['documents/guide/shili/{product}']},
    {query: '查看消费记录', expected: ['documents/recharge/bill']},
    {query: '开发票', expected: ['documents/recharge/refill']},
    {query: '推荐好友奖励', expected: ['documents/reward']},
    {query: '模型回答一直重复', expected: ['documents/problems/repeatedresponses']},
    {query: '注册数据集', expected: ['documents/guide/dataProcessing/datasetConfig']},
    {query: '磁盘空间满了', expected: ['documents/guide/workspace', 'documents/problems/exit']},
    {query: '按顺序训练不打乱', expected: ['documents/problems/beshuffled']},
    {query: '断开连接后训练继续跑', expected: ['documents/guide/shili/ssh']},
    {query: '预装了哪些软件', expected: ['documents/env', 'documents/guide/shili/mirrorList']},
    {
      query: '查看训练日志',
      expected: [
        'documents/guide/Train/mintor',
        'documents/guide/center/train-manage',
        'documents/guide/center/train-manage-com',
      ],
    },
  ]),
  // Words that occur on the page, but not together.
  ...kind('spread', [
    {query: 'loss 曲线', expected: ['documents/guide/Train/mintor']},
    {query: 'GPU 型号', expected: ['documents/guide/shili/{product}']},
    {query: '代金券 余额 抵扣', expected: ['documents/recharge/gift_token']},
    {query: '关机 数据 保留', expected: ['documents/guide/workspace', 'documents/guide/shili/instance']},
    {query: '检查点 适配器 日志', expected: ['documents/guide/Train/structure']},
    {query: '学习率 批大小 训练步数', expected: ['documents/guide/Train/parameter']},
    {query: '端口 密钥 接口', expected: ['documents/guide/shili/service']},
    {query: '温度 最大生成长度', expected: ['documents/guide/Train/chat']},
    {query: 'SwanLab 密钥', expected: ['documents/usercenter', 'documents/guide/Train/mintor']},
    {query: '订单 账单 区别', expected: ['documents/recharge/order']},
    {query: '审稿 长上下文', expected: ['documents/best-practice/LLMpeerreviewer']},
    {query: '评估 失败 重新提交', expected: ['documents/guide/center/evaluate-manage']},
  ]),
  // Latin words mistyped or cut short.
  ...kind('typo', [
    {query: 'lora_rnak', expected: ['documents/guide/Train/parameter']},
    {query: 'datase_info', expected: ['documents/guide/dataProcessing/datasetConfig']},
    {query: 'nvidai-smi', expected: ['documents/problems/viewGpuStatus']},
    {
      query: 'deepsped zero3',
      expected: [
        'documents/guide/Train/parameter',
        'documents/problems/outofmemory',
        'documents/best-practice/qwen80B',
      ],
    },
    {query: 'jupyterlb', expected: ['documents/guide/shili/JupyterLab']},
    {query: 'cutof_len', expected: ['documents/guide/Train/parameter', 'documents/problems/customdataQA']},
    {query: 'resume_from_checkpiont', expected: ['documents/problems/continueTrain']},
    {query: 'modelscop 下载', expected: ['documents/problems/downloadModles']},
    {query: 'tensorbord', expected: ['documents/guide/Train/mintor']},
    {query: 'sharegtp 格式', expected: ['documents/guide/format']},
    {query: 'llamaboar', expected: ['documents/guide/Train/train2']},
    {
      query: 'rclon',
      expected: [
        'documents/guide/dataProcessing/uploadFileByObjectStorage',
        'documents/public-data/uploadFileByObjectStorage',
      ],
    },
    {query: 'flashatten', expected: ['documents/problems/installflashattention']},
    {query: 'spac', expected: ['documents/tool/spack']},
  ]),
  // How readers talk.
  ...kind('colloquial', [
    {query: '爆显存了', expected: ['documents/problems/outofmemory']},
    {query: '钱怎么扣的', expected: ['documents/recharge/charging', 'documents/recharge/lfbill']},
    {
      query: '连不上服务器',
      expected: ['documents/guide/shili/ssh', 'documents/problems/sftp', 'documents/problems/viewInstances'],
    },
    {query: '训练跑一半挂了', expected: ['documents/problems/exit']},
    {query: '下载太慢了', expected: ['documents/problems/accelerate', 'documents/problems/downloadModles']},
    {query: '模型一直复读', expected: ['documents/problems/repeatedresponses']},
    {query: '显卡被占满了', expected: ['documents/problems/viewGpuStatus']},
    {query: '数据传不上去', expected: ['documents/problems/uploadDatasets']},
    {query: '训完效果很差', expected: ['documents/problems/finetuningresults']},
    {query: '实例不见了', expected: ['documents/problems/viewInstances']},
    {query: '怎么省钱', expected: ['documents/recharge/charging', 'documents/recharge/lfbill']},
    {query: '白嫖 GPU', expected: ['documents/quickstart/freetrialguide']},
    {query: '任务卡住不动', expected: ['documents/guide/center/train-manage', 'documents/problems/viewInstances']},
  ]),
  // More questions, codes and errors a reader brings.
  ...kind('question', [
    {query: '实例关机后文件还在吗', expected: ['documents/guide/workspace', 'documents/guide/shili/instance']},
    {query: '微调需要几张卡', expected: ['documents/guide/shili/{product}', 'documents/guide/Train/parameter']},
    {query: '任务模式和实例模式有什么区别', expected: ['documents/guide/Train/explain']},
    {query: '为什么模型用英文回答中文问题', expected: ['documents/best-practice/llama']},
    {
      query: '怎么把训练好的模型下载到本地',
      expected: ['documents/problems/downloadModles', 'documents/guide/Train/export'],
    },
    {query: '代金券多久过期', expected: ['documents/recharge/gift_token', 'documents/quickstart/freetrialguide']},
  ]),
  ...kind('code', [
    {query: 'per_device_train_batch_size', expected: ['documents/guide/Train/parameter']},
    {query: 'disable_shuffling', expected: ['documents/problems/beshuffled']},
    {query: 'gradient_accumulation_steps', expected: ['documents/guide/Train/parameter']},
    {query: 'llamafactory-cli webchat', expected: ['documents/guide/shili/service', 'documents/guide/Train/chat']},
    {query: 'export_size', expected: ['documents/guide/Train/export']},
    {query: 'nvidia-smi 查看显卡', expected: ['documents/problems/viewGpuStatus']},
  ]),
  ...kind('error', [
    {query: 'Killed', expected: ['documents/problems/exit']},
    {query: 'RuntimeError: CUDA error: invalid device ordinal', expected: ['documents/problems/GPU']},
    {query: '<|im_end|>', expected: ['documents/problems/repeatedresponses']},
    {query: "KeyError: 'instruction'", expected: ['documents/problems/customDataset']},
  ]),
];
