import {
  type ParameterisedString,
  type Parameters,
  serializeInnerList,
  serializeParameters,
  serializeString,
} from './structuredFields.ts';

/**
 * RFC 9421 (HTTP Message Signatures) for our responses. A component identifier is a name (a lowercase
 * field name or an `@` derived component) with parameters. `@method`, `@path` and `@query` describe the
 * request, so on a response they carry the `req` parameter (RFC 9421, section 2.4).
 */
export type ComponentId = ParameterisedString;

export const SIGNATURE_LABEL = 'sig1';
export const SIGNATURE_ALG = 'ed25519';

/** What a signed response covers: the request it answers (method, path, query) and its body by digest and type. */
export const RESPONSE_COMPONENTS: readonly ComponentId[] = [
  { value: '@method', params: [['req', true]] },
  { value: '@path', params: [['req', true]] },
  { value: '@query', params: [['req', true]] },
  { value: 'content-digest', params: [] },
  { value: 'content-type', params: [] },
];

export function serializeComponentId(component: ComponentId): string {
  return serializeString(component.value) + serializeParameters(component.params);
}

/** The `@signature-params` value, which is also the member value of `Signature-Input`. */
export function signatureParamsValue(components: readonly ComponentId[], params: Parameters): string {
  return serializeInnerList(components, params);
}

/**
 * The signature base (RFC 9421, section 2.5): one `"<component>": <value>` line per covered component, LF
 * separated, then `"@signature-params": <params>` with no trailing newline.
 */
export function signatureBase(
  lines: ReadonlyArray<readonly [ComponentId, string]>,
  signatureParams: string,
): string {
  const out = lines.map(([component, value]) => {
    if (/[\r\n]/.test(value)) throw new Error(`component ${component.value} holds a newline`);
    return `${serializeComponentId(component)}: ${value}`;
  });
  out.push(`"@signature-params": ${signatureParams}`);
  return out.join('\n');
}

/** `@query` component value: the raw query with its leading `?`, or `?` alone when there is none. */
export function queryComponentValue(query: string): string {
  return query.startsWith('?') ? query : `?${query}`;
}
