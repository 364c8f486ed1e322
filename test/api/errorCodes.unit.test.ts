import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ALL_ERROR_CODES, isKnownErrorCode } from '../../api/errors/errorCodes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every TypeScript source under the folders that answer clients. */
function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) out.push(full);
    }
  };
  for (const dir of ['api', 'schemas']) walk(path.join(root, dir));
  return out;
}

/** Codes handed to the error constructors and answer helpers, as string literals. */
const PATTERNS = [
  /\b(?:badRequest|notFound|unavailable|refusal)\(\s*'([a-z0-9_]+)'/g,
  /new ApiError\(\s*\d+\s*,\s*'([a-z0-9_]+)'/g,
  /\berror:\s*'([a-z0-9_]+)'/g,
  /\bcode:\s*'([a-z0-9_]+)'\s*,\s*\n?\s*message/g,
];

describe('The closed list of error codes', () => {
  it('lists every code the API can answer', () => {
    const missing = new Set<string>();
    for (const file of sources()) {
      const text = fs.readFileSync(file, 'utf8');
      for (const pattern of PATTERNS) {
        for (const m of text.matchAll(pattern)) {
          if (!isKnownErrorCode(m[1]!)) missing.add(`${m[1]} (${path.relative(root, file)})`);
        }
      }
    }
    expect([...missing]).to.deep.equal([]);
  });

  it('gives each code one status and a bilingual meaning', () => {
    const codes = ALL_ERROR_CODES.map((e) => e.code);
    expect(new Set(codes).size).to.equal(codes.length);
    for (const e of ALL_ERROR_CODES) {
      // 401 only for GET /v1/compte, which reads the key's own account (cle_requise); 413 and 422 for the POST
      // routes' bodies and Idempotency-Keys.
      expect(e.statut, e.code).to.be.oneOf([400, 401, 402, 404, 405, 409, 413, 422, 429, 503]);
      expect(e.signification, e.code).to.include(' / ');
    }
  });
});
