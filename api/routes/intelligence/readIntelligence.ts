import { type BlocAbsent, RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import type { HandlerDeps, HandlerResult, MutedRegister, RouteContext } from '../../catalogue/route.ts';
import { absentBlock, type BlockReading } from '../entreprise/blockReading.ts';
import { type ProfileRow, readProfile } from '../entreprise/readProfile.ts';
import { assertCovered } from '../entreprise/sireneCoverage.ts';
import { tvaIntracommunautaire } from '../entreprise/tvaIntracommunautaire.ts';
import { identityOf } from '../entreprise/unitFields.ts';
import {
  BLOCS_INTELLIGENCE,
  type BlocIntelligence,
  type IntelligenceBlockSource,
  type IntelligenceContext,
} from './intelligenceBlocks.ts';
import { syntheseOf } from './synthese.ts';

export const INTELLIGENCE_NOTE =
  'Tout ce que le service sait de l’entreprise, joint : chaque bloc servi l’est comme sa propre route le sert (mêmes lecteurs), chaque bloc non servi est nommé dans `blocs_absents` avec sa raison. La synthèse ne contient que des faits calculés des blocs servis (comptes, dates, tendances, drapeaux), jamais de texte libre. Dirigeants personnes physiques comptés par fonction, jamais nommés. / Everything the service knows about the company, joined; each block not served is named with its reason; the synthesis holds computed facts only; natural-person officers counted by role, never named.';

const absence = (bloc: string, raison: BlocAbsent['raison'], message?: string): BlocAbsent => ({
  bloc,
  raison,
  message: message ?? RAISONS_BLOC_ABSENT.find((r) => r.code === raison)!.signification,
});

/** One block: its local copy set aside by the freshness guard, or read (as the dossier). */
function readBlock(
  bloc: BlocIntelligence,
  source: IntelligenceBlockSource,
  row: ProfileRow,
  deps: HandlerDeps,
  muted: readonly MutedRegister[],
  context: IntelligenceContext,
): Promise<BlockReading<Record<string, unknown>>> {
  const stale = muted.find((m) => source.registers.includes(m.registre));
  if (stale) {
    return Promise.resolve(
      absentBlock(
        absence(
          bloc,
          'copie_indisponible',
          `Copie locale ${stale.registre} non servie (${stale.motif}). / Local copy of ${stale.registre} not served (${stale.motif}).`,
        ),
      ),
    );
  }
  return source.read(deps, row, context);
}

/**
 * GET /v1/intelligence/{siren}: the profile's refusals first (Sirene names the company: unknown, restricted,
 * sole proprietor… refused before anything is read or charged), then every block side by side, each served
 * or named absent with its reason, and the synthesis computed from those served.
 */
export async function readIntelligence(
  ctx: RouteContext,
  deps: HandlerDeps,
  sources: Record<BlocIntelligence, IntelligenceBlockSource>,
  context: Omit<IntelligenceContext, 'ctx' | 'now'>,
): Promise<HandlerResult> {
  const siren = String(ctx.state.params?.siren);
  const now = (deps.now ?? (() => new Date()))();
  const row = await readProfile(deps.knex, siren);
  assertCovered(siren, row, identityOf);
  const muted = ctx.state.registresMuets ?? [];
  const full: IntelligenceContext = { ...context, ctx, now };
  const readings = await Promise.all(
    BLOCS_INTELLIGENCE.map((bloc) => readBlock(bloc, sources[bloc], row, deps, muted, full)),
  );
  const blocs: Record<string, Record<string, unknown>> = {};
  const absents: BlocAbsent[] = [];
  readings.forEach((reading, i) => {
    if (reading.absent) absents.push(reading.absent);
    else blocs[BLOCS_INTELLIGENCE[i]!] = reading.value!;
  });
  const identity = identityOf(row);
  const profil = {
    ...identity,
    siege: {
      siret: row.siege_siret ?? (row.nic_siege ? `${row.siren}${row.nic_siege}` : null),
      adresse: row.siege_adresse,
      code_postal: row.siege_code_postal,
      commune: row.siege_commune,
    },
    tva_intracommunautaire: tvaIntracommunautaire(row.siren),
    nombre_etablissements: Number(row.nombre_etablissements),
  };
  return {
    provenance: readings.flatMap((r) => r.provenance),
    body: {
      siren,
      denomination: row.denomination,
      synthese: syntheseOf({
        profil: {
          date_creation: row.date_creation,
          etat_administratif: identity.etat_administratif as string | null,
          nombre_etablissements: profil.nombre_etablissements,
        },
        blocs,
        absents,
        now,
      }),
      profil,
      blocs,
      blocs_absents: absents,
      note: INTELLIGENCE_NOTE,
    },
  };
}
