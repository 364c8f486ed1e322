import { type ComponentId, SIGNATURE_LABEL, signatureParamsValue } from '../signing/messageSignature.ts';
import type { BareItem, Parameters } from '../signing/structuredFields.ts';
import { headerValue, type SavedResponse } from './parseSavedResponse.ts';
import { type ParsedBareItem, parseDictionary } from './parseStructuredFields.ts';

/** One HTTP Message Signature read from a response's `Signature-Input` and `Signature` fields. */
export interface ResponseSignature {
  label: string;
  components: ComponentId[];
  params: Parameters;
  /** The `@signature-params` value, re-serialised from what was parsed. */
  paramsValue: string;
  signature: Uint8Array;
  /** `:<base64>:`, as the served log keeps it. */
  signatureValue: string;
  keyId: string | null;
  created: number | null;
  alg: string | null;
}

export type ReadSignatureResult = { ok: true; signature: ResponseSignature } | { ok: false; reason: string };

/** Reads the signature labelled `sig1`, or the only one when there is a single other label. */
export function readResponseSignature(response: SavedResponse): ReadSignatureResult {
  const inputField = headerValue(response, 'signature-input');
  const signatureField = headerValue(response, 'signature');
  if (inputField === null) return { ok: false, reason: 'the response has no Signature-Input field' };
  if (signatureField === null) return { ok: false, reason: 'the response has no Signature field' };
  try {
    const inputs = parseDictionary(inputField);
    const signatures = parseDictionary(signatureField);
    const label = inputs.has(SIGNATURE_LABEL)
      ? SIGNATURE_LABEL
      : inputs.size === 1
        ? [...inputs.keys()][0]!
        : null;
    if (label === null)
      return { ok: false, reason: `no signature labelled ${SIGNATURE_LABEL} among ${inputs.size}` };
    const input = inputs.get(label)!;
    const sig = signatures.get(label);
    if (input.kind !== 'innerList')
      return { ok: false, reason: `Signature-Input ${label} is not an inner list` };
    if (sig?.kind !== 'item' || !(sig.value instanceof Uint8Array)) {
      return { ok: false, reason: `Signature has no byte sequence labelled ${label}` };
    }
    const components: ComponentId[] = input.items.map((item) => {
      if (typeof item.value !== 'string') throw new Error('a covered component is not a string');
      return { value: item.value, params: item.params.map(([k, v]) => [k, asBareItem(v)] as const) };
    });
    const params: Parameters = input.params.map(([k, v]) => [k, asBareItem(v)] as const);
    const param = (name: string) => params.find(([k]) => k === name)?.[1];
    const keyId = param('keyid');
    const created = param('created');
    const alg = param('alg');
    return {
      ok: true,
      signature: {
        label,
        components,
        params,
        paramsValue: signatureParamsValue(components, params),
        signature: sig.value,
        signatureValue: `:${Buffer.from(sig.value).toString('base64')}:`,
        keyId: typeof keyId === 'string' ? keyId : null,
        created: typeof created === 'number' && Number.isInteger(created) ? created : null,
        alg: typeof alg === 'string' ? alg : null,
      },
    };
  } catch (error) {
    return { ok: false, reason: `unreadable signature fields: ${(error as Error).message}` };
  }
}

function asBareItem(value: ParsedBareItem): BareItem {
  if (value instanceof Uint8Array) throw new Error('byte sequences are not supported as parameters here');
  return value;
}
