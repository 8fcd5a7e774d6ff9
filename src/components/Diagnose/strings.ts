// The interface text of 报错诊断, through Docusaurus' translate() (the Chinese lives in i18n/zh-Hans/code.json; the
// messages here are the same text). Ids start with `diagnose.`.
import {translate} from '@docusaurus/Translate';
import type {Level} from '@site/src/diagnose/match';

const t = (id: string, message: string, values?: Record<string, string | number>) =>
  translate({id: `diagnose.${id}`, message}, values);

export const LABELS = {
  noScript: t(
    'noScript',
    '报错诊断需要启用 JavaScript：诊断在你的浏览器里进行。没有 JavaScript 时站内搜索也用不了，可以查阅下面列出的常见问题页面，用浏览器的页内查找（Ctrl + F）找报错最后一行里的关键词。',
  ),
  form: t('form', '报错诊断'),
  input: t('input', '日志或报错'),
  inputHint: t(
    'input.hint',
    '粘贴整段终端输出、日志文件或 Python 报错，几 MB 也可以。按“诊断”或 Ctrl + Enter 开始；内容只在本页处理，不会上传。',
  ),
  run: t('run', '诊断'),
  clear: t('clear', '清空'),
  results: t('results', '诊断结果'),
  empty: t('empty', '请先在上面的文本框里粘贴日志或报错。'),
  loading: t('loading', '正在诊断…'),
  failed: t('failed', '诊断数据没能加载，请检查网络后刷新页面再试。'),
  source: t('source', '出处：'),
  explained: t('explained', '本站讲解：'),
  notExplained: t('notExplained', '本站还没有专门讲这条信息的章节。'),
  unknownSource: t('unknownSource', '不在本站收录的报错信息中'),
  noOrigin: t('noOrigin', '本站页面引用，未注明出处'),
  outsideVersion: t('outsideVersion', '本站引用的外部信息'),
  noFatal: t('noFatal', '没有发现导致运行结束的错误。'),
  via: t('via', '本站没有讲解这个错误本身，它引发的后续报错在这些章节中讲到：'),
};

export const LEVEL_LABELS: Record<Level | 'fatal', string> = {
  fatal: t('level.fatal', '导致运行结束的错误'),
  error: t('level.error', '错误'),
  warning: t('level.warning', '警告'),
  info: t('level.info', '信息'),
};

export const summary = (lines: number, found: number, seconds: string) =>
  t('summary', '读了 {lines} 行，找到 {found} 条已知信息，用时 {seconds} 秒。', {lines, found, seconds});
export const lineList = (lines: string) => t('lines', '第 {lines} 行', {lines});
export const lineCount = (lines: string, count: number) =>
  t('lines.more', '第 {lines} 行等，共 {count} 处', {lines, count});
export const searchFor = (query: string) => t('search', '在本站搜索“{query}”', {query});
