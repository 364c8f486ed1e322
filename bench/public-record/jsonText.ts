/**
 * JSON text without the whitespace between its tokens (strings untouched): the same members and values, the
 * numbers as written (`137614.0`, `1.0e17`), which parsing and serialising again would not keep.
 */
export function minifyJson(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') out += c;
  }
  return out;
}

/** The texts of the elements of the JSON array whose `[` is at `start` in minified `text`. */
export function arrayElements(text: string, start: number): string[] {
  if (text[start] !== '[') throw new Error(`no array at ${start}`);
  const elements: string[] = [];
  let depth = 0;
  let inString = false;
  let from = start + 1;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        if (i > from) elements.push(text.slice(from, i));
        return elements;
      }
    } else if (c === ',' && depth === 1) {
      elements.push(text.slice(from, i));
      from = i + 1;
    }
  }
  throw new Error('unterminated array');
}

/**
 * A text cut around the identifiers to vary: `parts[0] slot[0] parts[1] slot[1] … parts[n]`, each slot a name
 * the generator gives a value for each copy.
 */
export interface TextTemplate {
  parts: string[];
  slots: string[];
}

/**
 * Cuts `text` around the first group of each match of `pattern` that `slotOf` names (null: the match is kept
 * as written); the group's text is what each copy replaces.
 */
export function templateOf(
  text: string,
  pattern: RegExp,
  slotOf: (value: string) => string | null,
): TextTemplate {
  const parts: string[] = [];
  const slots: string[] = [];
  let from = 0;
  const re = new RegExp(pattern.source, 'gd');
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const slot = slotOf(m[1]!);
    const at = m.indices?.[1];
    if (slot === null || !at) continue;
    parts.push(text.slice(from, at[0]));
    slots.push(slot);
    from = at[1];
  }
  parts.push(text.slice(from));
  return { parts, slots };
}

/** The template filled: each slot's value from `slotValue`. */
export function fill(template: TextTemplate, slotValue: (slot: string) => string): string {
  let out = template.parts[0]!;
  for (let i = 0; i < template.slots.length; i++)
    out += slotValue(template.slots[i]!) + template.parts[i + 1]!;
  return out;
}
