// The query a pasted log or traceback becomes (issue #38, src/search/shared/pastedError.ts): its fatal line, prefixes,
// paths and addresses off, cut to the query limit at a word. The pages these queries find are checked in
// search-relevance.test.ts; the paste in the browser in tests/e2e/search-paste.spec.ts.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {cutAtWord, fatalLine, logLine, pastedQuery, withoutPaths} from '../../src/search/shared/pastedError';
import {isPlainPaste} from '../../src/clientModules/searchPaste';
import {MAX_QUERY_LENGTH} from '../../src/search/shared/limits';
import {PASTED_LOGS} from './fixtures/pasted-logs';

test('at least 15 whole logs, each becoming the query written beside it', () => {
  assert.ok(PASTED_LOGS.length >= 15, `${PASTED_LOGS.length} logs`);
  for (const {name, log, query} of PASTED_LOGS) {
    assert.ok(log.split('\n').length >= 3, `${name}: a whole log, not one line`);
    assert.equal(pastedQuery(log), query, name);
    assert.ok(query.length <= MAX_QUERY_LENGTH, `${name}: ${query.length} characters`);
  }
});

test('prefixes of torchrun, vLLM, glog, LLaMA-Factory, DeepSpeed and colour codes are taken off', () => {
  const cases: [string, string, string][] = [
    ['[rank0]: torch.OutOfMemoryError: CUDA out of memory.', 'torch.OutOfMemoryError: CUDA out of memory.', ''],
    ["[default1]:KeyError: 'output'", "KeyError: 'output'", ''],
    ['(EngineCore_DP0 pid=2765) ERROR 11-26 11:02:41 [core.py:708] ValueError: x', 'ValueError: x', 'ERROR'],
    ['(VllmWorker TP1 pid=3301) INFO 11-26 11:02:41 [gpu_worker.py:298] ready', 'ready', 'INFO'],
    [
      'E1126 10:31:08.103000 41870 site-packages/torch/x/api.py:874] failed (exitcode: 1)',
      'failed (exitcode: 1)',
      'ERROR',
    ],
    ['[rank1]:[E ProcessGroupNCCL.cpp:632] [Rank 1] Watchdog caught', '[Rank 1] Watchdog caught', 'ERROR'],
    ['[WARNING|2025-11-26 09:40:12] llamafactory.data.loader:143 >> Skipping', 'Skipping', 'WARNING'],
    ['[2025-11-26 15:10:09,880] [ERROR] [launch.py:325:sigkill_handler] exits', 'exits', 'ERROR'],
    ['2025-11-26 15:10:09,880 - root - ERROR - Boom', 'Boom', 'ERROR'],
    ['\x1b[31mRuntimeError: CUDA error\x1b[0m', 'RuntimeError: CUDA error', ''],
  ];
  for (const [raw, text, level] of cases) {
    const line = logLine(raw);
    assert.equal(line.text, text, raw);
    assert.equal(line.level, level, raw);
  }
  // A frame keeps its indentation after a prefix: it does not end the traceback.
  assert.equal(logLine('[rank0]:   File "/x/y.py", line 3, in <module>').indent, 2);
  assert.equal(logLine('(APIServer pid=1)     sys.exit(main())').indent, 4);
});

test('paths go whole, addresses go, URLs keep their host, model ids stay', () => {
  const cases: [string, string][] = [
    [
      'ImportError: /opt/conda/lib/python3.11/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN3c10',
      'ImportError: undefined symbol: _ZN3c10',
    ],
    [
      "FileNotFoundError: [Errno 2] No such file or directory: '/workspace/data/train.json'",
      'FileNotFoundError: [Errno 2] No such file or directory',
    ],
    [
      'NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error',
      'NCCL error in: unhandled system error',
    ],
    ['failed at site-packages/torch/distributed/elastic/api.py:874] now', 'failed at] now'],
    ['OSError: C:\\Users\\lin\\model does not exist', 'OSError: does not exist'],
    ["OSError: Can't load tokenizer for './saves/qwen3/lora'. If you", "OSError: Can't load tokenizer for. If you"],
    [
      '<urllib3.connection.HTTPSConnection object at 0x7f3c2a1b5d50>: Failed',
      '<urllib3.connection.HTTPSConnection object>: Failed',
    ],
    [
      '401 Client Error for url: https://huggingface.co/meta-llama/Llama-3.1-8B/resolve/main/config.json',
      '401 Client Error for url: https://huggingface.co',
    ],
    [
      'OSError: Qwen/Qwen3-8B does not appear to have a file named config.json',
      'OSError: Qwen/Qwen3-8B does not appear to have a file named config.json',
    ],
    ['lora_alpha / lora_rank is 2', 'lora_alpha / lora_rank is 2'],
  ];
  for (const [line, expected] of cases) assert.equal(withoutPaths(line), expected, line);
});

test('a long line is cut at a word boundary, Chinese between characters, one long word where it reaches the limit', () => {
  const latin = 'RuntimeError: CUDA error: an illegal memory access was encountered while running';
  assert.equal(cutAtWord(latin), 'RuntimeError: CUDA error: an illegal memory access was');
  const han =
    '错误：数据集格式不正确，请检查 dataset_info.json 中的 formatting 与 columns 字段是否与数据文件中每一条样本的实际键名一致';
  const cut = cutAtWord(han);
  assert.ok(cut.length <= MAX_QUERY_LENGTH && cut.length >= 60, cut);
  assert.ok(han.startsWith(cut));
  assert.equal(cutAtWord('x'.repeat(80)), 'x'.repeat(MAX_QUERY_LENGTH));
  assert.equal(cutAtWord('short: kept as it is'), 'short: kept as it is');
});

test('which paste is left to the browser: one line within the limit', () => {
  assert.equal(isPlainPaste('lora_rank'), true);
  assert.equal(isPlainPaste('torch.OutOfMemoryError: CUDA out of memory.\n'), true);
  assert.equal(isPlainPaste('x'.repeat(MAX_QUERY_LENGTH)), true);
  assert.equal(isPlainPaste('x'.repeat(MAX_QUERY_LENGTH + 1)), false);
  assert.equal(isPlainPaste('Traceback (most recent call last):\nKeyError: 1'), false);
});

test('the fatal line: root cause before wrappers, the last of a chain, an error when there is no exception', () => {
  const chain = [
    'Traceback (most recent call last):',
    '  File "a.py", line 1',
    'KeyError: 1',
    '',
    'During handling of the above exception, another exception occurred:',
    '',
    'Traceback (most recent call last):',
    '  File "b.py", line 2',
    'ValueError: 2',
  ].join('\n');
  assert.equal(fatalLine(chain)?.text, 'ValueError: 2');
  assert.equal(fatalLine(chain)?.index, 8);
  // A traceback's last line need not end in Error.
  const odd = [
    'Traceback (most recent call last):',
    '  File "a.py", line 1, in <module>',
    '    f()',
    'deepspeed.ops.op_builder.builder.MissingCUDA: no nvcc',
  ].join('\n');
  assert.equal(pastedQuery(odd), 'deepspeed.ops.op_builder.builder.MissingCUDA: no nvcc');
  // What shuts down after the failure does not replace it.
  const ignored = [
    'ValueError: bad config',
    'Exception ignored in: <function Pool.__del__ at 0x7f00aa11bb22>',
    'Traceback (most recent call last):',
    '  File "pool.py", line 9',
    "AttributeError: 'NoneType' object has no attribute 'close'",
  ].join('\n');
  assert.equal(pastedQuery(ignored), 'ValueError: bad config');
  assert.equal(pastedQuery('Loading checkpoint shards: 100%|██████████| 4/4\nKilled'), 'Killed');
  assert.equal(
    pastedQuery('E: Unable to locate package nvtop\nReading state information... Done'),
    'E: Unable to locate package nvtop',
  );
  // Warnings only: the warning; nothing telling: the first line.
  assert.equal(
    pastedQuery('step 1\nFutureWarning: `tokenizer` is deprecated\nstep 2'),
    'FutureWarning: `tokenizer` is deprecated',
  );
  assert.equal(pastedQuery('\n怎么把训练好的模型\n导出来部署'), '怎么把训练好的模型');
  // C++ exceptions: what() says it.
  assert.equal(
    pastedQuery(
      "terminate called after throwing an instance of 'c10::Error'\n  what():  CUDA error: misaligned address",
    ),
    'CUDA error: misaligned address',
  );
});
