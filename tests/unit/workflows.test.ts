// The GitHub Actions workflows (.github/workflows/) parse and validate as GitHub itself reads them: with
// @actions/workflow-parser, the parser of GitHub's own Actions language services (schema, expressions, job graph).
// And the docs workflow does what CONTRIBUTING.md (持续集成) says: the writer command, then the full suite, with npm and
// the build cached and the built site uploaded.
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';

const DIR = '.github/workflows';
// The package is ESM only (an "import" export), and the tests are compiled to CommonJS: import it dynamically.
const parser = import('@actions/workflow-parser');

/** The validator's errors for one workflow file (empty when GitHub would accept it). */
async function workflowErrors(name: string, content: string): Promise<string[]> {
  const {NoOperationTraceWriter, convertWorkflowTemplate, parseWorkflow} = await parser;
  const parsed = parseWorkflow({name, content}, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (!errors.length && parsed.value) {
    const template = await convertWorkflowTemplate(parsed.context, parsed.value);
    errors.push(...(template.errors ?? []).map((e) => e.Message));
  }
  return errors;
}

test('every workflow file validates', async () => {
  const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(files.length >= 1);
  for (const file of files) {
    assert.deepEqual(await workflowErrors(file, readFileSync(join(DIR, file), 'utf8')), [], file);
  }
});

test('the validator fails a wrong key and a broken expression', async () => {
  const job = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n';
  assert.match((await workflowErrors('a.yml', `${job}    stepz: []\n`))[0] ?? '', /Unexpected value 'stepz'/);
  assert.match(
    (await workflowErrors('b.yml', `${job}    steps:\n      - run: echo \${{ github.sha( }}\n`))[0] ?? '',
    /Unexpected symbol/,
  );
});

test('the docs workflow runs the writer command, then the full suite, caching npm and the build, keeping the site', () => {
  const text = readFileSync(join(DIR, 'docs.yml'), 'utf8');
  for (const expected of [
    /run: npm run check$/m,
    /run: bash \.ci\/run$/m,
    /needs: check/,
    /path: ~\/\.npm/,
    /path: node_modules\/\.cache/,
    /uses: actions\/upload-artifact@v4[\s\S]*path: build\//,
  ]) {
    assert.match(text, expected);
  }
  assert.match(readFileSync('.ci/run', 'utf8'), /mv node_modules\/\.cache \.build-cache/, '.ci/run keeps the cache');
});
