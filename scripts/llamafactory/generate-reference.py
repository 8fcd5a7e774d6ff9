#!/usr/bin/env python3
"""Generate scripts/llamafactory/reference.json: the LLaMA-Factory facts the docs are checked against.

The docs describe one pinned LLaMA-Factory release. This script reads that release's source with `ast`
(nothing is imported, so neither PyTorch nor LLaMA-Factory needs to be installed) and writes a small JSON file
that `npm run check:docs` uses offline:

- every argument `llamafactory-cli train` / `chat` / `export` accepts, by group (model, data, training,
  finetuning, generating, evaluation, plus the transformers `Seq2SeqTrainingArguments` fields that
  LLaMA-Factory's TrainingArguments inherits), with its type, default and allowed values;
- the chat template names (`register_template(name=...)`);
- the `llamafactory-cli` subcommands;
- the `dataset_info.json` fields (top-level keys, `formatting` values, `columns` and `tags` names) and the datasets the
  release registers in its own data/dataset_info.json;
- the release's files under examples/, scripts/ and data/, and LlamaBoard's labels (webui/locales.py, interface.py);
- the message templates of the pinned sources (`messages`): every string passed to `raise`, `assert`, a logger,
  `warnings.warn` or `print`, or assigned to a variable named like a message (`msg`, `hint`, `err`...), in
  LLaMA-Factory, in the libraries given with `--messages-source` (e.g. peft) and in the transformers wheel's
  TRANSFORMERS_MESSAGE_MODULES, normalised: formatted parts become `{}`, white space is collapsed.
  `scripts/llamafactory/messages-curated.json` adds the few messages the docs quote from sources that cannot be
  read here (vLLM, CPython), each with its file; the generator copies them in unchanged.

Usage (the documented command, see MAINTAINERS.md "编写和修改页面：内容检查的细则"):

    python3 scripts/llamafactory/generate-reference.py \\
        --llamafactory /path/to/LLaMA-Factory[.git] --tag v0.9.5 \\
        --transformers-wheel /path/to/transformers-4.57.6-py3-none-any.whl \\
        --messages-source peft=v0.18.1:/path/to/peft[.git]:src/peft/tuners/lora,src/peft/tuners/oft,...

`--llamafactory` is a checkout or a bare git directory; files are read with `git show TAG:path`.
`--transformers-wheel` (or `--transformers-src`, a directory holding training_args.py, training_args_seq2seq.py,
trainer_utils.py and debug_utils.py) gives the transformers release whose Seq2SeqTrainingArguments fields are
listed and whose message templates are extracted (with `--transformers-src` no transformers messages are written);
it must be a version the pinned LLaMA-Factory accepts (see `requires` in the output). `--keep-transformers` reuses
the committed transformers fields and message templates.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

OUT = Path(__file__).with_name("reference.json")

HPARAMS = {
    "model": "src/llamafactory/hparams/model_args.py",
    "data": "src/llamafactory/hparams/data_args.py",
    "training": "src/llamafactory/hparams/training_args.py",
    "finetuning": "src/llamafactory/hparams/finetuning_args.py",
    "generating": "src/llamafactory/hparams/generating_args.py",
    "evaluation": "src/llamafactory/hparams/evaluation_args.py",
}
# The dataclass each group's parser uses (hparams/parser.py); its bases are followed within the same file.
ROOTS = {
    "model": "ModelArguments",
    "data": "DataArguments",
    "training": "TrainingArguments",
    "finetuning": "FinetuningArguments",
    "generating": "GeneratingArguments",
    "evaluation": "EvaluationArguments",
}


def git_show(repo: Path, tag: str, path: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir(repo)}", "show", f"{tag}:{path}"], check=True, capture_output=True, text=True
    ).stdout


def git_dir(repo: Path) -> Path:
    return repo / ".git" if (repo / ".git").exists() else repo


def enums(source: str) -> dict[str, dict[str, str]]:
    """Enum classes of a module: class name -> {member name: string value}."""
    out: dict[str, dict[str, str]] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        bases = {ast.unparse(b) for b in node.bases}
        if not bases & {"Enum", "StrEnum", "ExplicitEnum", "str, Enum"} and not any("Enum" in b for b in bases):
            continue
        members = {}
        for stmt in node.body:
            if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
                for t in stmt.targets:
                    if isinstance(t, ast.Name):
                        members[t.id] = stmt.value.value
        if members:
            out[node.name] = members
    return out


def kinds_of(annotation: ast.expr | None, known_enums: dict[str, dict[str, str]]) -> tuple[list[str], list | None]:
    """JSON-ish kinds a YAML value may have for this annotation, and its allowed values (Literal or Enum)."""
    if annotation is None:
        return ["any"], None
    kinds: list[str] = []
    choices: list | None = None

    def visit(a: ast.expr) -> None:
        nonlocal choices
        if isinstance(a, ast.BinOp) and isinstance(a.op, ast.BitOr):
            visit(a.left)
            visit(a.right)
            return
        if isinstance(a, ast.Constant) and a.value is None:
            kinds.append("null")
            return
        if isinstance(a, ast.Constant) and isinstance(a.value, str):  # string annotation
            visit(ast.parse(a.value, mode="eval").body)
            return
        head = ast.unparse(a.value if isinstance(a, ast.Subscript) else a)
        head = head.split(".")[-1]
        if isinstance(a, ast.Subscript):
            inner = a.slice.elts if isinstance(a.slice, ast.Tuple) else [a.slice]
            if head in ("Optional",):
                kinds.append("null")
                for e in inner:
                    visit(e)
                return
            if head == "Union":
                for e in inner:
                    visit(e)
                return
            if head == "Literal":
                values = [ast.literal_eval(e) for e in inner]
                choices = (choices or []) + values
                for v in values:
                    kinds.append("null" if v is None else type(v).__name__.replace("str", "str"))
                return
            if head in ("list", "List", "tuple", "Tuple"):
                kinds.append("list")
                return
            if head in ("dict", "Dict"):
                kinds.append("dict")
                return
            kinds.append("any")
            return
        if head in ("str", "int", "float", "bool"):
            kinds.append(head)
        elif head in ("dict", "Dict"):
            kinds.append("dict")
        elif head in ("list", "List", "tuple"):
            kinds.append("list")
        elif head in known_enums:
            kinds.append("str")
            choices = (choices or []) + list(known_enums[head].values())
        elif head == "Any":
            kinds.append("any")
        else:
            kinds.append("any")

    visit(annotation)
    return sorted(set(kinds)), choices


def default_of(value: ast.expr | None, known_enums: dict[str, dict[str, str]]):
    """The literal default of a field, `None` when it has none; non-literal defaults are kept as source text."""
    if value is None:
        return {"required": True}
    if isinstance(value, ast.Call) and ast.unparse(value.func).split(".")[-1] == "field":
        for kw in value.keywords:
            if kw.arg == "default":
                return default_of(kw.value, known_enums)
            if kw.arg == "default_factory":
                return {"factory": ast.unparse(kw.value)}
        return {"required": True}
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id in known_enums:
        return {"value": known_enums[value.value.id].get(value.attr, ast.unparse(value))}
    try:
        return {"value": ast.literal_eval(value)}
    except ValueError:
        return {"expr": ast.unparse(value)}


def dataclasses(source: str) -> dict[str, ast.ClassDef]:
    return {n.name: n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)}


def collect(
    classes: dict[str, ast.ClassDef], root: str, known_enums: dict[str, dict[str, str]], out: dict, skip: set[str]
) -> None:
    """Fields of `root` and of its bases found in `classes` (bases first, like dataclass inheritance)."""
    cls = classes[root]
    for base in reversed(cls.bases):
        name = ast.unparse(base)
        if name in classes and name not in skip:
            collect(classes, name, known_enums, out, skip)
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if stmt.target.id.startswith("_") or "ClassVar" in ast.unparse(stmt.annotation):
                continue
            if isinstance(stmt.value, ast.Call) and any(
                kw.arg == "init" and isinstance(kw.value, ast.Constant) and kw.value.value is False
                for kw in stmt.value.keywords
            ):
                continue
            kinds, choices = kinds_of(stmt.annotation, known_enums)
            entry = {"type": ast.unparse(stmt.annotation), "kinds": kinds, **default_of(stmt.value, known_enums)}
            if choices is not None:
                entry["choices"] = choices
            out[stmt.target.id] = entry


def templates(source: str) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "register_template":
            for kw in node.keywords:
                if kw.arg == "name" and isinstance(kw.value, ast.Constant):
                    names.append(kw.value.value)
            if node.args and isinstance(node.args[0], ast.Constant):
                names.append(node.args[0].value)
    return sorted(set(names))


def cli_commands(source: str) -> tuple[list[str], dict[str, str]]:
    """Subcommands `launcher.launch()` dispatches on; a branch that only raises is a removed command."""
    working, removed = [], {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.If):
            continue
        test = node.test
        if (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == "command"
            and isinstance(test.ops[0], ast.Eq)
            and isinstance(test.comparators[0], ast.Constant)
        ):
            name = test.comparators[0].value
            if len(node.body) == 1 and isinstance(node.body[0], ast.Raise):
                removed[name] = ast.unparse(node.body[0].exc)
            else:
                working.append(name)
    return sorted(set(working)), removed


def dataset_info_fields(source: str) -> dict:
    tree = ast.parse(source)
    lists: dict[str, list[str]] = {}
    top: list[str] = []
    formatting: list[str] = []
    defaults: dict[str, str | None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "DatasetAttr":
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    if stmt.target.id == "formatting":
                        formatting = [ast.literal_eval(e) for e in stmt.annotation.slice.elts]
                    if stmt.value is not None:
                        try:
                            defaults[stmt.target.id] = ast.literal_eval(stmt.value)
                        except ValueError:
                            pass
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            if node.targets[0].id in ("column_names", "tag_names") and isinstance(node.value, ast.List):
                lists.setdefault(node.targets[0].id, []).extend(ast.literal_eval(node.value))
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            if node.target.id in ("column_names", "tag_names"):
                lists.setdefault(node.target.id, []).extend(ast.literal_eval(node.value))
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "self.set_attr":
            key = node.args[0]
            if isinstance(key, ast.Constant):
                top.append(key.value)
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
            if isinstance(node.ops[0], ast.In) and "dataset_info" in ast.unparse(node.comparators[0]):
                top.append(node.left.value)
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            if ast.unparse(node.value).startswith("dataset_info[name]") and isinstance(node.slice.value, str):
                top.append(node.slice.value)
    top += ["columns", "tags"]
    columns = lists.get("column_names", [])
    tags = lists.get("tag_names", [])
    return {
        "keys": sorted(set(top)),
        "sources": ["hf_hub_url", "ms_hub_url", "om_hub_url", "script_url", "cloud_file_name", "file_name"],
        "formatting": formatting,
        "columns": columns,
        "tags": tags,
        "defaults": {k: defaults[k] for k in ["formatting", "ranking", "split", *columns, *tags] if k in defaults},
    }


def builtin_datasets(source: str) -> dict:
    """The release's own dataset_info.json: each dataset's formatting, and ranking or kto_tag when it has them (the
    training stages it fits: data/loader.py)."""
    out = {}
    for name, entry in json.loads(source).items():
        kind = "ranking" if entry.get("ranking") else "kto" if "kto_tag" in entry.get("columns", {}) else ""
        out[name] = [entry.get("formatting", "alpaca"), kind] if kind else [entry.get("formatting", "alpaca")]
    return out


# Calls whose first argument is a message a reader may see: logger methods (LLaMA-Factory's own logger adds
# *_rank0 and *_once variants), warnings.warn, print.
LOG_METHODS = {
    "debug", "info", "warning", "warn", "error", "critical", "exception", "fatal",
    "info_rank0", "warning_rank0", "warning_rank0_once", "warning_once", "info_once", "error_once",
}
MESSAGE_VARIABLE = re.compile(r"(^|_)(msg|message|hint|err|error|warning|warn_msg)s?$", re.I)
CURATED = Path(__file__).with_name("messages-curated.json")


def template_of(node: ast.expr | None) -> str | None:
    """The text of a message expression with its formatted parts as `{}`; None when it holds no literal text."""
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template_of(node.left), template_of(node.right)
        if left is None and right is None:
            return None
        return (left if left is not None else "{}") + (right if right is not None else "{}")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        left = template_of(node.left)
        return None if left is None else re.sub(r"%(\([^)]*\))?[-#0 +]*\d*(\.\d+)?[sdrifgxe%]", "{}", left)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        base = template_of(node.func.value)
        return None if base is None else re.sub(r"\{[^{}]*\}", "{}", base)
    return None


def normalise(text: str) -> str:
    text = re.sub(r"\{[^{}]*\}", "{}", text) if "{" in text else text
    return re.sub(r"\s+", " ", text).strip()


def messages(sources: dict[str, str], library: str) -> list[list[str]]:
    """Message templates of a package's modules: [template, "path:line"], sorted by template."""
    found: dict[str, str] = {}

    def add(node: ast.expr | None, path: str, line: int, prefix: str = "") -> None:
        text = template_of(node)
        if text is None:
            return
        text = normalise(prefix + text)
        if len(re.sub(r"\{\}|\W", "", text)) < 6:  # nothing but placeholders and punctuation
            return
        found.setdefault(text, f"{path}:{line}")

    for path, source in sorted(sources.items()):
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                add(node.exc.args[0], path, node.lineno)
            elif isinstance(node, ast.Assert) and node.msg is not None:
                add(node.msg, path, node.lineno)
            elif isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                if name in LOG_METHODS and node.args:
                    add(node.args[0], path, node.lineno)
                elif name == "warn" and node.args:
                    add(node.args[0], path, node.lineno)
                elif name == "print" and node.args:
                    parts = [template_of(a) for a in node.args]
                    if any(p is not None for p in parts):
                        text = " ".join(p if p is not None else "{}" for p in parts)
                        add(ast.Constant(text), path, node.lineno)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                if MESSAGE_VARIABLE.search(node.targets[0].id):
                    add(node.value, path, node.lineno)
    return [[t, at] for t, at in sorted(found.items())]


def package_sources(repo: Path, tag: str, folders: str) -> dict[str, str]:
    """The .py files at `tag` under the comma-separated `folders` (a file path names just that file), by path."""
    names = subprocess.run(
        ["git", f"--git-dir={git_dir(repo)}", "ls-tree", "-r", "--name-only", tag, *folders.split(",")],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    return {n: git_show(repo, tag, n) for n in names if n.endswith(".py")}


def requires(pyproject: str) -> dict[str, str]:
    out = {}
    for name in ("torch", "transformers", "datasets", "accelerate", "peft", "trl", "gradio"):
        m = re.search(rf'"{name}([^"]*)"', pyproject)
        if m:
            out[name] = m.group(1)
    for name in ("vllm", "deepspeed", "sglang"):
        m = re.search(rf'"{name}([<>=!][^"]*)"', pyproject)
        if m:
            out[name] = m.group(1)
    return out


# transformers modules whose messages a reader of the docs can meet (training, loading, tokenising, quantising,
# DeepSpeed, version checks); a folder name (ending in "/") takes every module under it.
TRANSFORMERS_MESSAGE_MODULES = [
    "trainer.py",
    "trainer_pt_utils.py",
    "trainer_utils.py",
    "training_args.py",
    "training_args_seq2seq.py",
    "modeling_utils.py",
    "configuration_utils.py",
    "tokenization_utils_base.py",
    "models/auto/configuration_auto.py",
    "models/auto/auto_factory.py",
    "models/auto/tokenization_auto.py",
    "utils/hub.py",
    "utils/versions.py",
    "integrations/deepspeed.py",
    "quantizers/",
]


def transformers_messages(wheel: Path) -> list[list[str]]:
    """Message templates of TRANSFORMERS_MESSAGE_MODULES in a transformers wheel (paths as in the repository)."""
    with zipfile.ZipFile(wheel) as z:
        names = [
            n
            for n in z.namelist()
            if n.endswith(".py")
            and any(n == f"transformers/{m}" or (m.endswith("/") and n.startswith(f"transformers/{m}"))
                    for m in TRANSFORMERS_MESSAGE_MODULES)
        ]
        return messages({f"src/{n}": z.read(n).decode() for n in names}, "transformers")


def transformers_sources(args) -> tuple[str, dict[str, str]]:
    names = ["training_args.py", "training_args_seq2seq.py", "trainer_utils.py", "debug_utils.py"]
    if args.transformers_wheel:
        wheel = Path(args.transformers_wheel)
        m = re.match(r"transformers-([^-]+)-", wheel.name)
        version = m.group(1) if m else wheel.name
        with zipfile.ZipFile(wheel) as z:
            return version, {n: z.read(f"transformers/{n}").decode() for n in names}
    src = Path(args.transformers_src)
    files = {n: (src / n).read_text() for n in names}
    m = re.search(r'__version__ = "([^"]+)"', (src / "__init__.py").read_text()) if (src / "__init__.py").exists() else None
    return (m.group(1) if m else "unknown"), files


def webui_labels(locales: str, interface: str) -> list[str]:
    """LlamaBoard's visible labels: the zh and en `label`/`value` strings of webui/locales.py and the tab names of
    webui/interface.py (`gr.Tab("Train")`)."""
    labels = set()
    for node in ast.walk(ast.parse(locales)):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values):
            if isinstance(key, ast.Constant) and key.value in ("zh", "en") and isinstance(value, ast.Dict):
                for k, v in zip(value.keys, value.values):
                    if isinstance(k, ast.Constant) and k.value in ("label", "value"):
                        if isinstance(v, ast.Constant) and isinstance(v.value, str):
                            labels.add(v.value.strip())
    for node in ast.walk(ast.parse(interface)):
        if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("Tab") and node.args:
            if isinstance(node.args[0], ast.Constant):
                labels.add(node.args[0].value)
    return sorted(labels)


def upstream_files(repo: Path, tag: str) -> list[str]:
    """Paths under examples/, scripts/ and data/ at the tag."""
    return subprocess.run(
        ["git", f"--git-dir={git_dir(repo)}", "ls-tree", "-r", "--name-only", tag, "examples", "scripts", "data"],
        check=True, capture_output=True, text=True,
    ).stdout.split()


def write(out: Path, reference: dict) -> None:
    """JSON with one message template (a [template, source] pair) a line, so diffs stay readable."""
    text = json.dumps(reference, ensure_ascii=False, indent=1, sort_keys=False)
    head, sep, tail = text.partition('\n "messages": {')
    text = head + sep + re.sub(r'\[\n\s*("(?:[^"\\]|\\.)*"),\n\s*("(?:[^"\\]|\\.)*")\n\s*\]', r"[\1, \2]", tail)
    out.write_text(text + "\n")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--llamafactory", required=True, type=Path, help="LLaMA-Factory checkout or bare git dir")
    p.add_argument("--tag", required=True, help="release tag, e.g. v0.9.5")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument(
        "--keep-transformers",
        action="store_true",
        help="reuse the committed transformers fields (seq2seq arguments) instead of reading a transformers release",
    )
    g.add_argument("--transformers-wheel", help="a transformers wheel of a version the release accepts")
    g.add_argument("--transformers-src", help="directory with transformers' training_args*.py, trainer_utils.py")
    p.add_argument(
        "--messages-source",
        action="append",
        default=[],
        metavar="NAME=TAG:REPO:FOLDER",
        help="a library whose messages the docs quote, e.g. peft=v0.18.1:/src/peft.git:src/peft (repeatable)",
    )
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args()

    repo, tag = args.llamafactory, args.tag
    commit = subprocess.run(
        ["git", f"--git-dir={git_dir(repo)}", "rev-list", "-n", "1", tag], check=True, capture_output=True, text=True
    ).stdout.strip()
    message_sets = {
        "llamafactory": {
            "version": tag.lstrip("v"),
            "templates": messages(package_sources(repo, tag, "src/llamafactory"), "llamafactory"),
        }
    }
    for spec in args.messages_source:
        name, rest = spec.split("=", 1)
        lib_tag, lib_repo, folder = rest.split(":", 2)
        message_sets[name] = {
            "version": lib_tag.lstrip("v"),
            "templates": messages(package_sources(Path(lib_repo), lib_tag, folder), name),
        }
    if args.keep_transformers:
        kept = json.loads(args.out.read_text())["messages"].get("transformers", {})
        if kept and not kept.get("curated"):
            message_sets["transformers"] = {"version": kept["version"], "templates": kept["templates"]}
    elif args.transformers_wheel:
        m = re.match(r"transformers-([^-]+)-", Path(args.transformers_wheel).name)
        message_sets["transformers"] = {
            "version": m.group(1) if m else "unknown",
            "templates": transformers_messages(Path(args.transformers_wheel)),
        }
    curated = json.loads(CURATED.read_text())
    for name, entry in curated["sources"].items():
        message_sets.setdefault(name, {"version": entry["version"], "templates": []})
        message_sets[name]["curated"] = True
        have = {t for t, _ in message_sets[name]["templates"]}
        message_sets[name]["templates"] += [
            [normalise(m["t"]), m["at"]] for m in entry["messages"] if normalise(m["t"]) not in have
        ]

    known = enums(git_show(repo, tag, "src/llamafactory/extras/constants.py"))

    if args.keep_transformers:
        committed = json.loads(args.out.read_text())
        tf_version = committed["transformers"]["version"]
        tf_enums = {}  # LLaMA-Factory's own argument classes use none of them (the output is the same either way)
        seq2seq = committed["arguments"]["seq2seq"]
    else:
        tf_version, tf = transformers_sources(args)
        tf_enums = {**enums(tf["trainer_utils.py"]), **enums(tf["debug_utils.py"]), **enums(tf["training_args.py"])}
        seq2seq = {}
        tf_classes = {**dataclasses(tf["training_args.py"]), **dataclasses(tf["training_args_seq2seq.py"])}
        collect(tf_classes, "TrainingArguments", tf_enums, seq2seq, set())
        collect({"Seq2SeqTrainingArguments": tf_classes["Seq2SeqTrainingArguments"]}, "Seq2SeqTrainingArguments", tf_enums, seq2seq, set())

    arguments = {}
    for group, path in HPARAMS.items():
        arguments[group] = {}
        collect(dataclasses(git_show(repo, tag, path)), ROOTS[group], {**tf_enums, **known}, arguments[group], set())
    arguments["seq2seq"] = {k: v for k, v in seq2seq.items() if k not in arguments["training"]}

    working, removed = cli_commands(git_show(repo, tag, "src/llamafactory/launcher.py"))
    reference = {
        "about": (
            "Generated by scripts/llamafactory/generate-reference.py from the LLaMA-Factory source at the tag below and "
            "from the transformers release below (TrainingArguments/Seq2SeqTrainingArguments fields, message "
            "templates); do not edit by hand."
        ),
        "llamafactory": {
            "version": tag.lstrip("v"),
            "tag": tag,
            "commit": commit,
            "requires": requires(git_show(repo, tag, "pyproject.toml")),
        },
        "transformers": {
            "version": tf_version,
            "note": "Seq2SeqTrainingArguments fields of this transformers release (one the pinned LLaMA-Factory accepts).",
        },
        "cli": {"commands": working, "removed": removed},
        # The release's example configs, scripts and data files, which pages name in prose (`examples/...`).
        "files": upstream_files(repo, tag),
        # LlamaBoard's labels (zh and en), which pages tell readers to click.
        "webui": {
            "labels": webui_labels(
                git_show(repo, tag, "src/llamafactory/webui/locales.py"),
                git_show(repo, tag, "src/llamafactory/webui/interface.py"),
            )
        },
        "templates": templates(git_show(repo, tag, "src/llamafactory/data/template.py")),
        "datasetInfo": {
            **dataset_info_fields(git_show(repo, tag, "src/llamafactory/data/parser.py")),
            # The datasets the release registers in its own data/dataset_info.json (a dataset_dir copied from it has them).
            "builtin": builtin_datasets(git_show(repo, tag, "data/dataset_info.json")),
        },
        # Which groups each subcommand parses (hparams/parser.py: _TRAIN_ARGS, _INFER_ARGS, _EVAL_ARGS).
        "commandGroups": {
            "train": ["model", "data", "training", "finetuning", "generating", "seq2seq"],
            "infer": ["model", "data", "finetuning", "generating"],
        },
        "arguments": arguments,
        # Message templates of the pinned sources, by library; checked against quoted messages (check-docs.mjs).
        "messages": message_sets,
    }
    write(args.out, reference)
    counts = {g: len(a) for g, a in arguments.items()}
    print(f"wrote {args.out}: LLaMA-Factory {tag} ({commit[:10]}), transformers {tf_version}; arguments {counts}; "
          f"{len(reference['templates'])} templates; cli {working}; "
          f"messages {({k: len(v['templates']) for k, v in message_sets.items()})}", file=sys.stderr)


if __name__ == "__main__":
    main()
