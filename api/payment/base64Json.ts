/** Base64 of the UTF-8 JSON, as x402 carries its headers. */
export function encodeBase64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type DecodeResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Strict: refuses anything that is not canonical base64 of a JSON object. */
export function decodeBase64Json(text: string): DecodeResult {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length % 4 !== 0 || !BASE64.test(trimmed)) {
    return { ok: false, message: 'not base64' };
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(trimmed, 'base64').toString('utf8'));
  } catch {
    return { ok: false, message: 'not JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'not a JSON object' };
  }
  return { ok: true, value };
}

/** Deep equality of JSON values, insensitive to key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bkeys = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return keys.length === bkeys.length && keys.every((k) => Object.hasOwn(bo, k) && jsonEqual(ao[k], bo[k]));
}
