/**
 * The part of RFC 8941 (Structured Field Values) that HTTP Message Signatures need to serialise:
 * strings, integers, booleans and tokens, with parameters, in inner lists.
 */

export interface Token {
  token: string;
}

export type BareItem = string | number | boolean | Token;

/** Ordered parameters: the order is part of what is signed. */
export type Parameters = ReadonlyArray<readonly [string, BareItem]>;

export interface ParameterisedString {
  value: string;
  params: Parameters;
}

export function serializeBareItem(item: BareItem): string {
  if (typeof item === 'string') return serializeString(item);
  if (typeof item === 'boolean') return item ? '?1' : '?0';
  if (typeof item === 'number') {
    if (!Number.isSafeInteger(item)) throw new Error(`not a structured-field integer: ${item}`);
    return String(item);
  }
  return item.token;
}

export function serializeString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error('a structured-field string holds printable ASCII only');
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** `;a=1;b` (a true boolean parameter is written as its bare key). */
export function serializeParameters(params: Parameters): string {
  return params
    .map(([key, value]) => (value === true ? `;${key}` : `;${key}=${serializeBareItem(value)}`))
    .join('');
}

/** An inner list of strings with parameters, followed by the list's own parameters. */
export function serializeInnerList(items: readonly ParameterisedString[], params: Parameters): string {
  const members = items.map((i) => serializeString(i.value) + serializeParameters(i.params)).join(' ');
  return `(${members})${serializeParameters(params)}`;
}
