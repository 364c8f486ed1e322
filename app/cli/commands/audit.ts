import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type AuditCheck, formatCheck } from '../../../ops/audit/auditCheck.ts';
import { auditSavedResponse } from '../../../ops/audit/auditSavedResponse.ts';
import { loadJwks } from '../../../ops/audit/loadJwks.ts';
import type { CliCommand, CliContext } from '../../../ops/commandContext.ts';
import { type JwkSet, jwkSet } from '../../../ops/signing/jwk.ts';
import { loadSigner } from '../../../ops/signing/loadOrCreateSigner.ts';

const USAGE =
  'usage: registres audit verify <saved-response> [--path /v1/...?query] [--jwks <file or URL>]\n' +
  '       registres audit row <register> <id> [--kind <kind>]';

/**
 * `registres audit verify <saved-response>`: proves a response saved with `curl -si` is what this service
 * served: its digest, its signature (checked with @noble/ed25519) and its entry in the served log's chain.
 * Exit code 0 only when every check holds.
 */
export const auditCommand: CliCommand = async (argv, ctx) => {
  const args = argv[0] === 'audit' ? argv.slice(1) : argv;
  if (args[0] === 'row') return (await import('./auditRow.ts')).auditRowCommand(args, ctx);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    ctx.out(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals[0] !== 'verify' || positionals.length !== 2) {
    ctx.out(USAGE);
    return 2;
  }
  const file = positionals[1]!;

  let raw: Buffer;
  try {
    raw = await fs.readFile(file);
  } catch (error) {
    ctx.out(`cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }

  const keys = await keySet(values.jwks ?? null, ctx);
  const base = { raw, path: values.path ?? null, jwks: keys.jwks, jwksSource: keys.source };
  let checks: AuditCheck[];
  try {
    checks = await ctx.withDatabase((_db, store) => auditSavedResponse({ ...base, store }));
  } catch (error) {
    checks = await auditSavedResponse({ ...base, store: null, storeError: (error as Error).message });
  }
  if (keys.problem) {
    const signature = checks.find((c) => c.name === 'signature');
    if (signature && !signature.holds) signature.detail += `; ${keys.problem}`;
  }
  for (const check of checks) ctx.out(formatCheck(check));
  const holds = checks.every((c) => c.holds);
  ctx.out(holds ? 'all checks hold' : 'audit failed');
  return holds ? 0 : 1;
};

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: { path: { type: 'string' }, jwks: { type: 'string' } },
  });
}

async function keySet(
  source: string | null,
  ctx: CliContext,
): Promise<{ jwks: JwkSet | null; source: string; problem?: string }> {
  if (source) {
    try {
      return { jwks: await loadJwks(source), source };
    } catch (error) {
      return { jwks: null, source, problem: `key set ${source} unusable: ${(error as Error).message}` };
    }
  }
  const { signingKeyFile, dataDir } = ctx.config;
  const where = signingKeyFile ?? `${dataDir}/signing-key.pem`;
  try {
    const signer = await loadSigner({ signingKeyFile, dataDir, logger: ctx.logger });
    return signer
      ? { jwks: jwkSet(signer), source: `the local key ${where}` }
      : { jwks: null, source: where };
  } catch (error) {
    return { jwks: null, source: where, problem: `local key unusable: ${(error as Error).message}` };
  }
}
