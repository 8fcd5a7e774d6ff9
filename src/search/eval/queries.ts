// The relevance query set: what readers of this site type or paste, and the pages (ids under docs/documents) that
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
    {query: '显存不足', expected: ['problems/outofmemory']},
    {query: '代金券', expected: ['recharge/gift_token', 'quickstart/freetrialguide']},
    {query: '断点续训', expected: ['problems/continueTrain']},
    {query: '学习率', expected: ['guide/Train/parameter']},
    {
      query: '上传数据集',
      expected: [
        'guide/dataProcessing/uploadDatasetByJupyter',
        'guide/dataProcessing/SFTPupload',
        'guide/dataProcessing/uploadFileByObjectStorage',
        'document_management',
        'problems/uploadDatasets',
        'guide/data-processing',
      ],
    },
    {query: '模型导出', expected: ['guide/Train/export']},
    {query: '定时关机', expected: ['guide/shili/instance']},
    {query: '按量计费', expected: ['recharge/charging']},
    {query: '计费延迟', expected: ['recharge/charging']},
    {query: '邀请码', expected: ['reward', 'quickstart/loginAccount']},
    {query: '忘记密码', expected: ['quickstart/loginAccount']},
    {query: '损失曲线', expected: ['guide/Train/mintor']},
    {query: '模型重复输出', expected: ['problems/repeatedresponses']},
    {query: '数据集检测不通过', expected: ['problems/detectionunsuccessful']},
    {query: '公共数据集', expected: ['public-data/data', 'publicdata']},
    {query: '端口转发', expected: ['guide/shili/ssh']},
    {query: '任务一直排队', expected: ['guide/center/train-manage', 'problems/viewInstances', 'quickstart/getstarted']},
    {query: '角色扮演', expected: ['best-practice/roleplay', 'best-practice/gptroleplay']},
    {query: '灵动超省', expected: ['recharge/charging', 'guide/shili/instance']},
    {query: '有效批大小', expected: ['guide/Train/parameter']},
    {query: '冒烟测试', expected: ['best-practice/qwen80B']},
    {query: '最佳实践模板', expected: ['best-practice/template']},
    {query: '苏东坡', expected: ['best-practice/Dongpo']},
    {query: '账单明细', expected: ['recharge/bill']},
    {query: '博物馆导览', expected: ['best-practice/bowuguan']},
  ]),
  // Questions typed as a sentence.
  ...kind('question', [
    {query: '显存不足怎么办', expected: ['problems/outofmemory']},
    {query: '关机后还在扣费', expected: ['recharge/charging']},
    {query: '微调效果不好', expected: ['problems/finetuningresults']},
    {query: '训练数据会被打乱吗', expected: ['problems/beshuffled']},
    {query: '多轮对话数据怎么写', expected: ['problems/customdataQA', 'guide/format']},
    {query: '任务失败了还扣费吗', expected: ['recharge/lfbill']},
    {query: '数据集应该放在哪个目录', expected: ['guide/dataProcessing/datasetDir']},
    {query: '怎么释放显存', expected: ['guide/shili/JupyterLab', 'problems/viewGpuStatus', 'problems/outofmemory']},
    {query: '充值后能退款吗', expected: ['recharge/refill']},
  ]),
  // Several words, Chinese with English product and tool names.
  ...kind('mixed', [
    {query: 'SFTP 上传', expected: ['guide/dataProcessing/SFTPupload', 'problems/sftp']},
    {query: 'LoRA 合并', expected: ['guide/Train/export']},
    {query: 'flash-attn 安装', expected: ['problems/installflashattention']},
    {query: 'vLLM 报错', expected: ['problems/vllmError']},
    {query: '充值 发票', expected: ['recharge/refill']},
    {query: '实例 关机', expected: ['guide/shili/instance', 'quickstart/start']},
    {query: 'SSH 连接', expected: ['guide/shili/ssh']},
    {query: '评估 BLEU', expected: ['guide/Train/evaluate&predict', 'guide/center/evaluate-manage-com']},
    {query: 'SwanLab 训练曲线', expected: ['guide/Train/mintor', 'usercenter', 'guide/Train/train1']},
    {query: 'pip 镜像源', expected: ['problems/mirror']},
    {query: 'Hugging Face 下载慢', expected: ['problems/accelerate', 'problems/downloadModles']},
    {query: 'ModelScope 下载模型', expected: ['problems/downloadModles']},
    {query: 'DeepSpeed ZeRO-3', expected: ['guide/Train/parameter', 'problems/outofmemory', 'best-practice/medical']},
    {
      query: 'rclone 对象存储',
      expected: ['guide/dataProcessing/uploadFileByObjectStorage', 'public-data/uploadFileByObjectStorage'],
    },
    {query: 'llamafactory-cli api 部署', expected: ['guide/shili/service', 'best-practice/qwen3-8B']},
    {query: 'tmux 断开后继续训练', expected: ['guide/shili/ssh']},
    {query: 'gpt-oss 微调', expected: ['problems/gptoss']},
    {query: 'QLoRA 和 LoRA 的区别', expected: ['guide/Train/explain']},
    {query: 'H800 显存 卡数', expected: ['guide/shili/{product}']},
    {query: 'DPO 偏好数据', expected: ['guide/dataProcessing/datasetType', 'best-practice/health']},
    {query: 'CSV 转 Alpaca', expected: ['guide/dataProcessing/datasetConvert']},
    {query: 'Alpaca ShareGPT 格式', expected: ['guide/format']},
    {query: 'LlamaBoard 微调', expected: ['guide/Train/train2']},
    {query: '温度 top_p', expected: ['guide/Train/chat']},
    {query: 'VS Code Remote-SSH', expected: ['guide/shili/VScode']},
    {query: 'GPTQ 量化导出', expected: ['guide/Train/export']},
    {query: 'Qwen3-8B 部署 OpenAI API', expected: ['best-practice/qwen3-8B', 'guide/shili/service']},
    {query: 'conda 环境', expected: ['env']},
    {query: '订单 待支付', expected: ['recharge/order']},
    {query: 'git clone GitHub 超时', expected: ['problems/accelerate']},
    {query: 'KV cache', expected: ['problems/vllmError']},
    {query: 'Spack', expected: ['tool/spack']},
    {query: 'JupyterLab', expected: ['guide/shili/JupyterLab']},
    {query: '聊天记录 数字分身', expected: ['best-practice/weclone']},
    {query: '音频 微调', expected: ['best-practice/speechEnhancement']},
    {query: '自动驾驶 VLA', expected: ['best-practice/vla']},
    {query: 'ComfyUI 工作流', expected: ['best-practice/comfyui']},
  ]),
  // Parameter and file names.
  ...kind('code', [
    {query: 'dataset_info.json', expected: ['guide/dataProcessing/datasetConfig']},
    {query: 'lora_rank', expected: ['guide/Train/parameter']},
    {query: 'cutoff_len', expected: ['guide/Train/parameter', 'problems/customdataQA']},
    {query: 'resume_from_checkpoint', expected: ['problems/continueTrain', 'guide/Train/parameter']},
    {query: 'dataset_dir', expected: ['guide/dataProcessing/datasetDir']},
    {query: 'mix_strategy', expected: ['problems/beshuffled']},
    {query: '/shared-only/models', expected: ['public-data/model', 'publicdata']},
    {query: 'nvidia-smi', expected: ['problems/viewGpuStatus', 'env']},
  ]),
  // Pasted error lines, with the reader's own numbers and names in them.
  ...kind('error', [
    {
      query: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB',
      expected: ['problems/outofmemory'],
    },
    {query: 'ValueError: Undefined dataset', expected: ['problems/customDataset']},
    {query: 'ValueError: Undefined dataset my_qa in dataset_info.json.', expected: ['problems/customDataset']},
    {
      query: 'RuntimeError: Cannot find valid samples, check `data/README.md` for the data format.',
      expected: ['problems/customDataset', 'problems/detectionunsuccessful'],
    },
    {query: 'RuntimeError: No CUDA GPUs are available', expected: ['problems/GPU']},
    {
      query: 'RuntimeError: CUDA error: no kernel image is available for execution on the device',
      expected: ['problems/GPU', 'problems/installflashattention'],
    },
    {query: 'torch.cuda.is_available() False', expected: ['problems/GPU', 'env']},
    {query: 'Watchdog caught collective operation timeout', expected: ['problems/exit']},
    {
      query: 'OSError: [Errno 28] No space left on device',
      expected: ['problems/exit', 'problems/downloadModles', 'guide/workspace'],
    },
    {query: 'undefined symbol flash_attn', expected: ['problems/installflashattention']},
    {query: 'Received message too long', expected: ['problems/sftp']},
    {query: 'Permission denied (publickey,password).', expected: ['problems/sftp', 'guide/shili/ssh']},
    {query: 'ValueError: LoRA rank 64 is greater than max_lora_rank 16.', expected: ['problems/vllmError']},
    {
      query: 'ImportError: vllm>=0.4.3,<=0.11.0 is required for a normal functioning of this module',
      expected: ['problems/vllmError'],
    },
    {
      query: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xb4 in position 0",
      expected: ['problems/uploadDatasets'],
    },
    {query: 'ValueError: Template gpt_oss does not exist.', expected: ['problems/gptoss']},
    {
      query: "ValueError: Can't find a valid checkpoint at saves/qwen/lora/sft/checkpoint-200",
      expected: ['problems/continueTrain'],
    },
    {query: 'CondaHTTPError: HTTP 000 CONNECTION FAILED', expected: ['problems/mirror']},
  ]),
  // The page's topic in the reader's words rather than the page's.
  ...kind('paraphrase', [
    {query: '免费试用', expected: ['quickstart/freetrialguide', 'recharge/gift_token']},
    {query: '创建实例', expected: ['guide/shili/instance', 'quickstart/start']},
    {query: '开通账号', expected: ['quickstart/loginAccount']},
    {query: '合并 LoRA 权重', expected: ['guide/Train/export']},
    {query: '训练中断后接着训', expected: ['problems/continueTrain']},
    {query: '显卡配置', expected: ['guide/shili/{product}']},
    {query: '查看消费记录', expected: ['recharge/bill']},
    {query: '开发票', expected: ['recharge/refill']},
    {query: '推荐好友奖励', expected: ['reward']},
    {query: '模型回答一直重复', expected: ['problems/repeatedresponses']},
    {query: '注册数据集', expected: ['guide/dataProcessing/datasetConfig']},
    {query: '磁盘空间满了', expected: ['guide/workspace', 'problems/exit']},
    {query: '按顺序训练不打乱', expected: ['problems/beshuffled']},
    {query: '断开连接后训练继续跑', expected: ['guide/shili/ssh']},
    {query: '预装了哪些软件', expected: ['env', 'guide/shili/mirrorList']},
    {
      query: '查看训练日志',
      expected: ['guide/Train/mintor', 'guide/center/train-manage', 'guide/center/train-manage-com'],
    },
  ]),
  // Words that occur on the page, but not together.
  ...kind('spread', [
    {query: 'loss 曲线', expected: ['guide/Train/mintor']},
    {query: 'GPU 型号', expected: ['guide/shili/{product}']},
    {query: '代金券 余额 抵扣', expected: ['recharge/gift_token']},
    {query: '关机 数据 保留', expected: ['guide/workspace', 'guide/shili/instance']},
    {query: '检查点 适配器 日志', expected: ['guide/Train/structure']},
    {query: '学习率 批大小 训练步数', expected: ['guide/Train/parameter']},
    {query: '端口 密钥 接口', expected: ['guide/shili/service']},
    {query: '温度 最大生成长度', expected: ['guide/Train/chat']},
    {query: 'SwanLab 密钥', expected: ['usercenter', 'guide/Train/mintor']},
    {query: '订单 账单 区别', expected: ['recharge/order']},
    {query: '审稿 长上下文', expected: ['best-practice/LLMpeerreviewer']},
    {query: '评估 失败 重新提交', expected: ['guide/center/evaluate-manage']},
  ]),
  // Latin words mistyped or cut short.
  ...kind('typo', [
    {query: 'lora_rnak', expected: ['guide/Train/parameter']},
    {query: 'datase_info', expected: ['guide/dataProcessing/datasetConfig']},
    {query: 'nvidai-smi', expected: ['problems/viewGpuStatus']},
    {query: 'deepsped zero3', expected: ['guide/Train/parameter', 'problems/outofmemory', 'best-practice/qwen80B']},
    {query: 'jupyterlb', expected: ['guide/shili/JupyterLab']},
    {query: 'cutof_len', expected: ['guide/Train/parameter', 'problems/customdataQA']},
    {query: 'resume_from_checkpiont', expected: ['problems/continueTrain']},
    {query: 'modelscop 下载', expected: ['problems/downloadModles']},
    {query: 'tensorbord', expected: ['guide/Train/mintor']},
    {query: 'sharegtp 格式', expected: ['guide/format']},
    {query: 'llamaboar', expected: ['guide/Train/train2']},
    {
      query: 'rclon',
      expected: ['guide/dataProcessing/uploadFileByObjectStorage', 'public-data/uploadFileByObjectStorage'],
    },
    {query: 'flashatten', expected: ['problems/installflashattention']},
    {query: 'spac', expected: ['tool/spack']},
  ]),
  // How readers talk.
  ...kind('colloquial', [
    {query: '爆显存了', expected: ['problems/outofmemory']},
    {query: '钱怎么扣的', expected: ['recharge/charging', 'recharge/lfbill']},
    {query: '连不上服务器', expected: ['guide/shili/ssh', 'problems/sftp', 'problems/viewInstances']},
    {query: '训练跑一半挂了', expected: ['problems/exit']},
    {query: '下载太慢了', expected: ['problems/accelerate', 'problems/downloadModles']},
    {query: '模型一直复读', expected: ['problems/repeatedresponses']},
    {query: '显卡被占满了', expected: ['problems/viewGpuStatus']},
    {query: '数据传不上去', expected: ['problems/uploadDatasets']},
    {query: '训完效果很差', expected: ['problems/finetuningresults']},
    {query: '实例不见了', expected: ['problems/viewInstances']},
    {query: '怎么省钱', expected: ['recharge/charging', 'recharge/lfbill']},
    {query: '白嫖 GPU', expected: ['quickstart/freetrialguide']},
    {query: '任务卡住不动', expected: ['guide/center/train-manage', 'problems/viewInstances']},
  ]),
  // More questions, codes and errors a reader brings.
  ...kind('question', [
    {query: '实例关机后文件还在吗', expected: ['guide/workspace', 'guide/shili/instance']},
    {query: '微调需要几张卡', expected: ['guide/shili/{product}', 'guide/Train/parameter']},
    {query: '任务模式和实例模式有什么区别', expected: ['guide/Train/explain']},
    {query: '为什么模型用英文回答中文问题', expected: ['best-practice/llama']},
    {query: '怎么把训练好的模型下载到本地', expected: ['problems/downloadModles', 'guide/Train/export']},
    {query: '代金券多久过期', expected: ['recharge/gift_token', 'quickstart/freetrialguide']},
  ]),
  ...kind('code', [
    {query: 'per_device_train_batch_size', expected: ['guide/Train/parameter']},
    {query: 'disable_shuffling', expected: ['problems/beshuffled']},
    {query: 'gradient_accumulation_steps', expected: ['guide/Train/parameter']},
    {query: 'llamafactory-cli webchat', expected: ['guide/shili/service', 'guide/Train/chat']},
    {query: 'export_size', expected: ['guide/Train/export']},
    {query: 'nvidia-smi 查看显卡', expected: ['problems/viewGpuStatus']},
  ]),
  ...kind('error', [
    {query: 'Killed', expected: ['problems/exit']},
    {query: 'RuntimeError: CUDA error: invalid device ordinal', expected: ['problems/GPU']},
    {query: '<|im_end|>', expected: ['problems/repeatedresponses']},
    {query: "KeyError: 'instruction'", expected: ['problems/customDataset']},
  ]),
];
