import { parseArgs } from 'node:util';
import { currentDigestOf } from '../../../ingest/core/snapshotDigests.ts';
import type { CliCommand } from '../../../ops/commandContext.ts';
import { proveRow, type RowProof } from '../../../projections/core/rowProof.ts';
import type { RegisterManifest } from '../../registerManifest.ts';
import { REGISTER_MANIFESTS } from '../../registers.ts';

const USAGE =
  'usage: registres audit row <register> <id> [--kind <kind>]   (e.g. audit row fr.sirene 005420021)';

/**
 * `registres audit row <register> <id>`: proves the row a register serves for an entity from the log. Prints
 * the entity's history (the block that first recorded it, then its changes), the event that recorded the row
 * served (a block event: its position, the file's SHA-256 and the row's line in that file, with the command
 * that shows that line), the row's digest recomputed from the log and the digest the last completed pass
 * kept. Exit 0 when they agree.
 */
export const auditRowCommand: CliCommand = async (argv, ctx) => {
  const args = argv[0] === 'audit' ? argv.slice(1) : argv;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    ctx.out(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [action, register, id] = parsed.positionals;
  if (action !== 'row' || !register || !id || parsed.positionals.length !== 3) {
    ctx.out(USAGE);
    return 2;
  }
  const manifest = REGISTER_MANIFESTS.find((m) => m.dictionary[0]?.code === register);
  if (!manifest) {
    ctx.out(`audit row: unknown register ${register}`);
    return 2;
  }
  const kind = parsed.values.kind;
  const streamOf = manifest.entityStreamOf ?? ((r) => `${register}-${r.kind}-${r.id}`);
  const { proof, current } = await ctx.withDatabase(async (db, store) => {
    const ref = { register, id, ...(kind ? { kind } : {}), streamId: streamOf({ kind: kind ?? '', id }) };
    return {
      proof: await proveRow(db.knex, store, ref),
      current: await currentDigestOf(db.knex, register, id, kind),
    };
  });
  for (const line of describe(proof, current, manifest.auditRowNotes)) ctx.out(line);
  const holds =
    proof.recorded !== null &&
    proof.recomputedDigest === proof.storedDigest &&
    proof.recomputedDigest === current;
  ctx.out(holds ? 'the served row is the one the log holds' : 'audit failed');
  return holds ? 0 : 1;
};

function describe(
  proof: RowProof,
  current: string | null,
  notes: RegisterManifest['auditRowNotes'],
): string[] {
  const out = ['history:'];
  for (const e of proof.history) {
    const version = e.metadata.snapshotVersion ?? '';
    out.push(`  ${e.position} ${e.type} ${e.streamId} ${version}`.trimEnd());
  }
  const r = proof.recorded;
  if (!r) return [...out, 'no row: the entity is unknown to the log or was dropped'];
  out.push(
    `recorded by: ${proof.inBlock ? 'block event' : 'event'} at position ${r.position} (${r.streamId}, version ${String(r.metadata.snapshotVersion ?? '')})`,
    `file sha256: ${proof.fileSha256 ?? 'unknown'}${proof.line !== null ? `, line ${proof.line}` : ''}`,
    ...(proof.fileSha256 !== null && proof.line !== null
      ? [...whereInFile(proof.fileSha256, proof.line, proof.entry), ...(notes?.(proof.fileSha256) ?? [])]
      : []),
    `row digest in the log: ${proof.storedDigest ?? 'none'}`,
    `row digest recomputed: ${proof.recomputedDigest}`,
    `row digest of the last completed pass: ${current ?? 'none'}`,
  );
  return out;
}

/**
 * How an auditor finds the row in the published file (EntitiesRecordedData.lines says what the number is), or
 * in its member when the file is an archive of several documents (EntitiesRecordedData.entries).
 */
function whereInFile(sha256: string, line: number, entry: string | null): string[] {
  return entry === null
    ? [
        `  the row starts on line ${line} of the file whose sha256sum is ${sha256}:`,
        `    sed -n '${line}p' <file>   (a .zip: unzip -p <file> | sed -n '${line}p'; a .gz: zcat <file> | sed -n '${line}p')`,
      ]
    : [
        `  the row starts on line ${line} of ${entry}, a member of the archive whose sha256sum is ${sha256}:`,
        `    unzip -p <file> ${shellQuoted(entry)} | sed -n '${line}p'`,
      ];
}

/** A word for sh, in single quotes (a quote in it closed, escaped and reopened). */
const shellQuoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

function parse(args: string[]) {
  return parseArgs({ args, allowPositionals: true, options: { kind: { type: 'string' } } });
}
