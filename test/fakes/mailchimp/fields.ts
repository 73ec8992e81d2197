// The `fields` and `exclude_fields` query parameters: "A comma-separated
// list of fields to return. Reference parameters of sub-objects with dot
// notation." (mailchimp-marketing-node src/api/ListsApi.js). That arrays are
// walked through, so `members.email_address` keeps that field of every
// member, is an assumption (it is how clients use it, not read in a reference).

type Json = unknown;

function pick(value: Json, paths: string[][]): Json {
  if (Array.isArray(value)) return value.map((item: Json) => pick(item, paths));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, Json> = {};
  const source = value as Record<string, Json>;
  const heads = new Map<string, string[][]>();
  for (const path of paths) {
    const [head, ...rest] = path;
    if (head === undefined || !(head in source)) continue;
    const list = heads.get(head) ?? [];
    list.push(rest);
    heads.set(head, list);
  }
  for (const [head, rests] of heads) {
    out[head] = rests.some((r) => r.length === 0) ? source[head] : pick(source[head], rests);
  }
  return out;
}

function drop(value: Json, paths: string[][]): Json {
  if (Array.isArray(value)) return value.map((item: Json) => drop(item, paths));
  if (value === null || typeof value !== 'object') return value;
  let out: Record<string, Json> = { ...(value as Record<string, Json>) };
  for (const path of paths) {
    const [head, ...rest] = path;
    if (head === undefined || !(head in out)) continue;
    if (rest.length === 0)
      out = Object.fromEntries(Object.entries(out).filter(([k]) => k !== head));
    else out[head] = drop(out[head], [rest]);
  }
  return out;
}

const split = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => s.split('.'));

export function partial(body: Json, query: URLSearchParams): Json {
  const fields = query.get('fields');
  const exclude = query.get('exclude_fields');
  let out = body;
  if (fields) out = pick(out, split(fields));
  if (exclude) out = drop(out, split(exclude));
  return out;
}
