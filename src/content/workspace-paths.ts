// The site's /workspace conventions (src/content/conventions.json "paths") as a check on one path: used by
// `npm run check:docs` on every page (scripts/conventions.mjs) and by the 训练前检查 page on a pasted config. No Node.
// Named imports: the page's chunk carries only these parts of the file.
import {paths, reservedNames} from './conventions.json';

export const CONVENTIONS_FILE = 'src/content/conventions.json';

type PathKey = keyof typeof paths;
const PATHS = paths as Record<string, {path: string; what: string}>;
const RESERVED = reservedNames as Record<string, PathKey>;
const TOP = new Set(
  Object.values(PATHS)
    .map(({path}) => path.split('/')[2])
    .filter(Boolean),
);

/** The /workspace paths a line names (not ones inside another path or URL, such as `huggingface.co//workspace`). */
export function workspacePaths(line: string): string[] {
  return [...line.matchAll(/(?<![\w/.:-])\/workspace(?:\/[^\s'"`)\]，。；：、（）*|]*)?/g)].map((m) =>
    m[0].replace(/[.,;:]+$/, ''),
  );
}

function convention(key: string): string {
  return `${PATHS[key]!.what}放在 ${PATHS[key]!.path}`;
}

/** Why a /workspace path breaks the conventions, as data: `rule` names the case, `convention` the location it
 * should be in (a key of conventions.json "paths"), or null when the path lies in a conventional location. */
export function pathProblem(
  path: string,
  {inCode = true} = {},
): {rule: 'top-file' | 'outside' | 'llamaboard' | 'folder'; convention: string | null} | null {
  const segments = path.split('/').slice(2).filter(Boolean);
  if (!segments.length) return null;
  const [top, second, third] = segments as [string, string | undefined, string | undefined];
  if (segments.length === 1 && !TOP.has(top)) {
    const key = /\.(py|sh)$/.test(top) ? 'scripts' : /\.(log|csv|pid|txt)$/.test(top) ? 'logs' : null;
    return {rule: 'top-file', convention: key};
  }
  if (!TOP.has(top)) return {rule: 'outside', convention: null};
  if (top === 'llamafactory' && second && second !== 'data' && (inCode || third)) {
    return {rule: 'llamaboard', convention: second.startsWith('log') ? 'logs' : 'outputs'};
  }
  if (top !== 'user-data' || !second) return null;
  const file = segments.at(-1)!;
  if (second === 'configs' && /\.(py|sh)$/.test(file)) return {rule: 'folder', convention: 'scripts'};
  if (second === 'scripts' && /\.(ya?ml|json)$/.test(file)) return {rule: 'folder', convention: 'configs'};
  if (second === 'models') {
    if (third && RESERVED[third] && !['output', 'merged'].includes(third)) {
      return {rule: 'folder', convention: RESERVED[third]};
    }
    return null;
  }
  const reserved = RESERVED[second];
  if (reserved && PATHS[reserved]!.path !== `/workspace/user-data/${second}/`) {
    return {rule: 'folder', convention: reserved};
  }
  return null;
}

/** A conventional location: what goes there and its path. */
export function conventionalPath(key: string): {path: string; what: string} | null {
  return PATHS[key] ?? null;
}

/** The conventional folder for a path that lies outside the conventions, from its first name under /workspace: a
 * convention's own word (`data`, `output`, `logs` …), else a file's extension (`.py` → scripts, `.yaml` → configs,
 * `.log` → logs), else a project folder under /workspace/user-data/. */
function folderFor(top: string, isFile: boolean): string {
  if (RESERVED[top]) return RESERVED[top];
  if (!isFile) return 'projects';
  if (/\.(py|sh)$/.test(top)) return 'scripts';
  if (/\.(log|csv|pid|txt)$/.test(top)) return 'logs';
  if (/\.(ya?ml|json)$/.test(top)) return 'configs';
  return 'projects';
}

/** The path moved into its conventional folder: the part from `index` (a segment after /workspace/) on is replaced by
 * the convention's folder and what follows it. */
function moved(segments: string[], index: number, key: string, keepName = false): string {
  return PATHS[key]!.path + segments.slice(keepName ? index : index + 1).join('/');
}

/** What is wrong with a /workspace path, in English (check:docs), with the path to write instead, or null when it lies
 * in a conventional location. `inCode`: the path is in a code block (a command writes there); prose may name
 * LlamaBoard's own folders (`/workspace/llamafactory/output`) to describe them. */
export function checkPath(path: string, {inCode = true} = {}): string | null {
  const problem = pathProblem(path, {inCode});
  if (!problem) return null;
  const where = `(${CONVENTIONS_FILE} "paths")`;
  const segments = path.split('/').slice(2).filter(Boolean);
  const [top = '', second = '', third = ''] = segments;
  switch (problem.rule) {
    case 'top-file':
    case 'outside': {
      // A name with an extension and nothing under it is a file; anything else is a folder.
      const isFile = segments.length === 1 && /\.\w+$/.test(top);
      const key = folderFor(top, isFile);
      const instead = moved(segments, 0, key, !RESERVED[top]);
      const what = isFile
        ? 'a file directly in /workspace'
        : `${segments.length === 1 ? 'a folder directly in' : "outside the site's folders under"} /workspace`;
      return `${path} is ${what}; ${convention(key)} ${where}: write ${instead}`;
    }
    case 'llamaboard':
      return `${path}: /workspace/llamafactory/${second} belongs to LlamaBoard; ${convention(problem.convention!)} ${where}: write ${moved(segments, 1, problem.convention!)}`;
    case 'folder': {
      const index = top === 'user-data' && second === 'models' && RESERVED[third] ? 2 : 1;
      return `${path}: ${convention(problem.convention!)} ${where}: write ${moved(segments, index, problem.convention!)}`;
    }
  }
}
