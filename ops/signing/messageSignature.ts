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

/** What a response's signature covers, in `RESPONSE_COMPONENTS` order. */
export interface ResponseComponentValues {
  method: string;
  path: string;
  /** As `queryComponentValue` gives it. */
  query: string;
  contentDigest: string;
  contentType: string;
}

export interface ResponseSignatureTemplate {
  /** The `@signature-params` value (and `Signature-Input` member) of a signature created at `created`. */
  params(created: number): string;
  /** The signature base of a response: the same text `signatureBase` writes for `RESPONSE_COMPONENTS`. */
  base(values: ResponseComponentValues, params: string): string;
}

/**
 * The parts of every response signature that do not change from one answer to the next (the component
 * identifiers, `keyid`, `alg`), serialised once per key instead of on every signed answer.
 */
export function responseSignatureTemplate(keyId: string): ResponseSignatureTemplate {
  const [method, path, query, digest, type] = RESPONSE_COMPONENTS.map((c) => `${serializeComponentId(c)}: `);
  if (!method || !path || !query || !digest || !type || RESPONSE_COMPONENTS.length !== 5) {
    throw new Error('the response template writes the five RESPONSE_COMPONENTS');
  }
  const covered = serializeInnerList(RESPONSE_COMPONENTS, []);
  const after = serializeParameters([
    ['keyid', keyId],
    ['alg', SIGNATURE_ALG],
  ]);
  return {
    params(created) {
      if (!Number.isSafeInteger(created)) throw new Error(`not a structured-field integer: ${created}`);
      return `${covered};created=${created}${after}`;
    },
    base(v, params) {
      for (const value of [v.method, v.path, v.query, v.contentDigest, v.contentType]) {
        if (/[\r\n]/.test(value)) throw new Error('a signed component value holds a newline');
      }
      return `${method}${v.method}\n${path}${v.path}\n${query}${v.query}\n${digest}${v.contentDigest}\n${type}${v.contentType}\n"@signature-params": ${params}`;
    },
  };
}
