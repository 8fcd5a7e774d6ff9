// Arguments in prose are checked like arguments in code: inline code that names a LLaMA-Factory or transformers
// argument (`name`, `name: value`, `name=value`, `--name value`), a template, a training stage, a CLI subcommand or an
// example path is checked against reference.json, the data the code blocks are checked against.
// - `name: value` (and `name=value`, `--name value`): the name is an argument of the pinned release and the value one
//   it accepts (type, choices, template names), with the same rules as a YAML block (code-blocks.mjs `checkConfig`);
// - a value upstream accepts only in some stages or methods (CONDITIONAL below): the sentence, list item or table row
//   that sets it, or the heading of its section, names that stage or method;
// - a bare `snake_case` name one or two letters away from an argument or template, and not itself a name the
//   reference knows, is a misspelling;
// - `llamafactory-cli <subcommand>`: a subcommand of the release; `examples/…` and `scripts/…`: a file (or folder) of
//   the release.
import yaml from 'js-yaml';
import {misspelt} from '../../src/llamafactory/validate';
import {checkCli, checkConfig, findArgument, reference} from './code-blocks.mjs';

export {misspelt};

const TRAIN_GROUPS = reference.commandGroups.train;
const FILES = new Set(reference.files ?? []);
const FOLDERS = new Set(
  [...FILES].flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, a) => a.slice(0, i + 1).join('/')),
  ),
);

/** Values upstream accepts only in some stages or methods: the context must name the situation
 * (hparams/parser.py of the pinned release). */
export const CONDITIONAL = [
  {
    match: /^(predict_with_generate|neat_packing|train_on_prompt|mask_history)\s*[:=]\s*true$/i,
    context: /\bsft\b|指令监督|监督微调/i,
    needs: 'stage sft ("… cannot be set as True except SFT.", hparams/parser.py)',
  },
  {
    match: /^quantization_bit\s*[:=]\s*\d+$/,
    context: /lora|oft/i,
    needs:
      'finetuning_type lora or oft ("Quantization is only compatible with the LoRA or OFT method.", hparams/parser.py)',
  },
  {
    match: /^pref_loss\s*[:=]\s*\w+$/,
    context: /\bdpo\b|\bkto\b|偏好/i,
    needs: 'a preference stage (dpo or kto): other stages ignore pref_loss',
  },
];

const ASSIGNMENT = /^([a-z][a-z0-9_]*)(?::\s+|=)(\S.*)$|^--([a-z][a-z0-9_]*)(?:=|\s+)(\S.*)$/;
const FLAG = /^--([a-z][a-z0-9_]*)$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

/** A value written in prose can be checked when it is one YAML scalar or flow collection, not a placeholder
 * (`<名称>`, `…`, Chinese words) or an expression (`lora_alpha / lora_rank`). */
function concrete(value) {
  if (/[<>…]|\.\.\.|\p{Script=Han}|\$\{?\w/u.test(value)) return false;
  return /^\S+$/.test(value) || /^["'[{]/.test(value);
}

/** Words with which a page says a subcommand no longer works. */
const REMOVED = /不再可用|不可用|已移除|移除|弃用|废弃|deprecated|NotImplementedError/i;

/** Findings for one inline code value; `context` is the text of its sentence, list item or table row and of the
 * heading of its section. */
export function checkInlineArgument(value, context = '') {
  const text = value.trim();
  const findings = [];
  for (const m of text.matchAll(/(?:^|\s)((?:examples|scripts)\/[\w./-]*[\w/])/g)) {
    const path = m[1].replace(/\/$/, '');
    if (!FILES.has(path) && !FOLDERS.has(path)) {
      findings.push(`${path} is not a file of LLaMA-Factory v${reference.llamafactory.version}`);
    }
  }
  if (/^(?:llamafactory-cli|lmf)\s/.test(text)) {
    const sub = /^\S+\s+([A-Za-z][\w-]*)/.exec(text)?.[1] ?? '';
    if (sub in reference.cli.removed && REMOVED.test(context)) return findings;
    // Placeholders such as `<配置>` are fine in prose: nobody pastes the sentence into a shell.
    return [...findings, ...checkCli(text).filter((p) => !p.startsWith('shell placeholder'))];
  }
  const flag = FLAG.exec(text);
  const m = ASSIGNMENT.exec(text);
  const assignment = m && {name: m[1] ?? m[3], value: m[2] ?? m[4]};
  const name = flag?.[1] ?? assignment?.name ?? (SNAKE.test(text) ? text : null);
  if (!name) return findings;
  if (!findArgument(name, TRAIN_GROUPS)) {
    const near = misspelt(name);
    if (near)
      findings.push(
        `\`${name}\` is not an argument or template of LLaMA-Factory v${reference.llamafactory.version}; did you mean \`${near}\`?`,
      );
    return findings;
  }
  if (!assignment || flag) return findings;
  const raw = assignment.value.trim();
  if (!concrete(raw)) return findings;
  let parsed;
  try {
    parsed = yaml.load(raw);
  } catch {
    return findings;
  }
  for (const problem of checkConfig({[name]: parsed}, {fragment: true})) {
    findings.push(problem.replace(/^YAML /, ''));
  }
  for (const rule of CONDITIONAL) {
    if (rule.match.test(text) && !rule.context.test(context)) {
      findings.push(`\`${text}\` works only with ${rule.needs}; say so where you write it`);
    }
  }
  return findings;
}
