// Interactive tools a page places with a leaf directive of their own (`::diagnose`): the build's remark plugin turns
// the directive into the tool's component (src/plugins/tool-remark.ts); everywhere else the content pipeline
// reads pages (search, llms files, page Markdown, checks), the directive reads as the sentence here.
import type {Parents, Root} from 'mdast';

/** 报错诊断 (docs/documents/problems/diagnose.md). */
export const DIAGNOSE_DIRECTIVE = 'diagnose';

/** 训练前检查 (docs/documents/guide/Train/preflight.md). */
export const PREFLIGHT_DIRECTIVE = 'preflight';

/** What each tool's directive stands for outside the built page. */
export const TOOL_TEXT: Record<string, string> = {
  [DIAGNOSE_DIRECTIVE]:
    '（网页上这里是报错诊断工具：粘贴日志或报错，点击“诊断”，即可看到导致运行结束的错误、各条已知信息的出处和讲解它们的章节。）',
  [PREFLIGHT_DIRECTIVE]:
    '（网页上这里是训练前检查工具：粘贴训练配置 YAML，以及可选的 dataset_info.json 条目、数据文件的前几行和卡数，即可看到每一处问题所在的行、原因、改法和讲解它的章节。）',
};

/** Replaces the tools' directives in a parsed page by their sentences (keeping the directive's position). */
export function replaceToolDirectives(node: Parents | Root): void {
  node.children.forEach((child, i) => {
    const d = child as {type: string; name?: string};
    const text = d.type === 'leafDirective' && d.name ? TOOL_TEXT[d.name] : undefined;
    if (text) {
      node.children[i] = {
        type: 'paragraph',
        children: [{type: 'text', value: text, position: child.position}],
        position: child.position,
      };
    } else if ('children' in child) replaceToolDirectives(child);
  });
}

/** A Markdown line as plain-text copies show it: a tool's directive line becomes its sentence. */
export function toolLine(line: string): string {
  const m = /^\s*::([a-z-]+)\s*$/.exec(line);
  return (m && TOOL_TEXT[m[1]!]) ?? line;
}
