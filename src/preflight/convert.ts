// What LLaMA-Factory v0.9.5 makes of one sample record (src/llamafactory/data/converter.py: AlpacaDatasetConverter,
// SharegptDatasetConverter, OpenAIDatasetConverter) and whether the supervised processor keeps it
// (data/processor/supervised.py: an odd number of prompt turns and exactly one response). Media, tools and the
// pairwise and KTO branches are left out: the page shows the roles and texts of a plain sample.
import {entryColumns, entryTags, type DatasetEntry} from '../llamafactory/validate';

export interface Turn {
  role: 'user' | 'assistant' | 'observation' | 'function' | 'system';
  content: string;
}

export interface Converted {
  system: string;
  prompt: Turn[];
  response: Turn[];
  /** Why the converter or the processor drops the sample: the log line it writes. */
  dropped: null | 'Invalid role tag' | 'Invalid message count' | 'Dropped invalid example';
  /** The `KeyError` the converter raises when a column names a field the record lacks (datasets gives every record
   * the fields of the file; the page sees only the pasted ones). */
  keyError: string | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));

export function convert(entry: DatasetEntry, record: Record<string, unknown>): Converted {
  const formatting = entry.formatting ?? 'alpaca';
  const c = entryColumns(entry);
  let keyError: string | null = null;
  const get = (field: string | null | undefined): unknown => {
    if (!field) return undefined;
    if (!(field in record)) keyError ??= field;
    return record[field];
  };
  let out: Omit<Converted, 'dropped' | 'keyError'> & {broken?: Converted['dropped']};
  if (formatting === 'alpaca') {
    const prompt: Turn[] = [];
    const history = get(c.history);
    if (c.history && Array.isArray(history)) {
      for (const pair of history) {
        if (Array.isArray(pair)) {
          prompt.push({role: 'user', content: text(pair[0])}, {role: 'assistant', content: text(pair[1])});
        }
      }
    }
    const query: string[] = [];
    const instruction = get(c.prompt);
    if (c.prompt && instruction) query.push(text(instruction));
    const input = get(c.query);
    if (c.query && input) query.push(text(input));
    prompt.push({role: 'user', content: query.join('\n')});
    const output = get(c.response);
    const [chosen, rejected] = entry.ranking ? [get(c.chosen), get(c.rejected)] : [];
    const response: Turn[] =
      typeof chosen === 'string' && typeof rejected === 'string'
        ? [
            {role: 'assistant', content: chosen},
            {role: 'assistant', content: rejected},
          ]
        : c.response && typeof output === 'string'
          ? [{role: 'assistant', content: output}]
          : [];
    out = {system: c.system ? text(get(c.system)) : '', prompt, response};
  } else {
    const t = entryTags(entry);
    const mapping = new Map<string | null, Turn['role']>([
      [t.user_tag ?? null, 'user'],
      [t.assistant_tag ?? null, 'assistant'],
      [t.observation_tag ?? null, 'observation'],
      [t.function_tag ?? null, 'function'],
      [t.system_tag ?? null, 'system'],
    ]);
    let messages = (Array.isArray(get(c.messages)) ? get(c.messages) : []) as Array<Record<string, unknown>>;
    const role = (m: Record<string, unknown>) => (t.role_tag ? m?.[t.role_tag] : undefined) as string | undefined;
    const content = (m: Record<string, unknown>) => text(t.content_tag ? m?.[t.content_tag] : undefined);
    let system = '';
    if (t.system_tag && messages.length && role(messages[0]!) === t.system_tag) {
      system = content(messages[0]!);
      messages = messages.slice(1);
    } else if (c.system) system = text(get(c.system));
    const aligned: Turn[] = [];
    let broken: Converted['dropped'] = null;
    if (formatting === 'openai') {
      // OpenAI: a reply with tool_calls becomes a function turn (its calls as JSON), consecutive tool results are
      // merged into one observation turn, then the same alternation is required.
      const results: string[] = [];
      for (const m of messages) {
        let r = role(m);
        let said = content(m);
        const calls = m?.tool_calls;
        if ((r === t.assistant_tag || r === t.function_tag) && Array.isArray(calls) && calls.length) {
          said = JSON.stringify(calls.map((c: {function?: unknown}) => c?.function));
          r = t.function_tag ?? undefined;
        }
        if (r === t.observation_tag && r != null) {
          results.push(said);
          continue;
        }
        if (results.length)
          aligned.push({role: 'observation', content: results.splice(0).join('\n</tool_response>\n<tool_response>\n')});
        const turn = mapping.get(r ?? null);
        if (!turn) {
          broken = 'Invalid role tag';
          break;
        }
        aligned.push({role: turn, content: said});
      }
      if (!broken) {
        aligned.forEach((m, i) => {
          const ok = i % 2 === 0 ? ['user', 'observation'] : ['assistant', 'function'];
          if (!broken && !ok.includes(m.role)) broken = 'Invalid role tag';
        });
      }
      // converter.py: with no tools the OpenAI converter adds this line (or makes it the system prompt); with tools it
      // only ends a system prompt with a line break.
      const tools = c.tools ? record[c.tools] : '';
      // A list or object counts even when empty: json.dumps([]) is "[]".
      const hasTools = !!tools;
      if (hasTools) system = system ? `${system}\n` : system;
      else if (!system) system = 'detailed thinking off';
      else if (!/detailed thinking (on|off)/.test(system)) system += '\ndetailed thinking off';
    } else {
      const odd = [t.user_tag, t.observation_tag];
      const even = [t.assistant_tag, t.function_tag];
      for (const [i, m] of messages.entries()) {
        const r = role(m);
        if (!(i % 2 === 0 ? odd : even).includes(r ?? null) || r == null) {
          broken = 'Invalid role tag';
          break;
        }
        aligned.push({role: mapping.get(r)!, content: content(m)});
      }
    }
    if (!broken && (aligned.length % 2 !== 0) !== (entry.ranking === true)) broken = 'Invalid message count';
    const [chosen, rejected] = entry.ranking ? [get(c.chosen), get(c.rejected)] : [];
    const pair = [chosen, rejected].every((m) => m && typeof m === 'object') ? [chosen, rejected] : null;
    out = broken
      ? {system, prompt: [], response: [], broken}
      : pair
        ? {
            system,
            prompt: aligned,
            response: (pair as Array<Record<string, unknown>>).map((m) => ({
              role: mapping.get(role(m) ?? null) ?? 'assistant',
              content: content(m),
            })),
          }
        : {system, prompt: aligned.slice(0, -1), response: aligned.slice(-1)};
  }
  let dropped: Converted['dropped'] = out.broken ?? null;
  // The supervised processor's rule (pairwise data goes to the pairwise processor, which wants two responses).
  const responses = entry.ranking ? 2 : 1;
  if (!dropped && (out.prompt.length % 2 !== 1 || out.response.length !== responses))
    dropped = 'Dropped invalid example';
  return {system: out.system, prompt: out.prompt, response: out.response, dropped, keyError};
}
