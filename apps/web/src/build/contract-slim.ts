/**
 * Production web build only: the contract's endpoint definitions keep what the browser uses
 * (method, path, module, auth, encrypted, form) and lose their zod schemas and summaries
 * (`query`, `body`, `response`, `summary`). The browser never runs a schema (the server
 * validates; see src/lib/zod-shim.ts), so building them at start-up only cost bytes and time;
 * without these properties the schemas nobody else reads are dropped by tree-shaking.
 */
const DROPPED = new Set(['query', 'body', 'response', 'summary']);
const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** Index just past the string, template or comment starting at `i`, or `i` when none starts there. */
function skipLiteral(src: string, i: number): number {
  const c = src[i];
  if (c === '"' || c === "'" || c === '`') {
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === c) return j + 1;
    }
    return src.length;
  }
  if (c === '/' && src[i + 1] === '/') {
    const end = src.indexOf('\n', i);
    return end < 0 ? src.length : end;
  }
  if (c === '/' && src[i + 1] === '*') {
    const end = src.indexOf('*/', i + 2);
    return end < 0 ? src.length : end + 2;
  }
  return i;
}

/** The spans [start, end) of the top-level properties of the object literal opening at `open`, and its closing index. */
function properties(src: string, open: number): { spans: Array<[number, number]>; close: number } | null {
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < src.length; ) {
    const skipped = skipLiteral(src, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = src[i];
    if (OPEN.has(c)) depth++;
    else if (CLOSE.has(c)) {
      depth--;
      if (depth === 0) {
        if (src.slice(start, i).trim()) spans.push([start, i]);
        return { spans, close: i };
      }
    } else if (c === ',' && depth === 1) {
      spans.push([start, i + 1]);
      start = i + 1;
    }
    i++;
  }
  return null;
}

/** The source with every `endpoint({...})` call's schema and summary properties removed. */
export function slimEndpoints(src: string): string {
  let out = '';
  let from = 0;
  const re = /\bendpoint\(\s*\{/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const open = m.index + m[0].length - 1;
    const props = properties(src, open);
    if (!props) break;
    for (const [s, e] of props.spans) {
      const key = /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*([A-Za-z_$][\w$]*)\s*[:,}]?/.exec(src.slice(s, e))?.[1];
      if (key && DROPPED.has(key)) {
        out += src.slice(from, s);
        from = e;
      }
    }
    re.lastIndex = props.close;
  }
  return out + src.slice(from);
}
