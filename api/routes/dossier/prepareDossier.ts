import {
  type BlocAbsent,
  isUpstreamOutage,
  RAISONS_BLOC_ABSENT,
  type RaisonBlocAbsent,
} from '../../../schemas/enums/blocAbsent.ts';
import { type BlocDossier, blocsOf } from '../../../schemas/params/blocs.ts';
import { DOSSIER_IDENTITY_MEMBERS } from '../../../schemas/responses/dossier.ts';
import type { HandlerDeps, HandlerResult, MutedRegister, RouteContext } from '../../catalogue/route.ts';
import { absentBlock, type BlockReading } from '../entreprise/blockReading.ts';
import { readCoveredUnit } from '../entreprise/readCoveredUnit.ts';
import { identityOf, type UnitRow } from '../entreprise/unitFields.ts';
import type { DossierBlockSource, DossierBlockSources } from './blockSource.ts';
import { dossierPrice } from './dossierPrice.ts';

/** A dossier ready to serve, and its exact price (atomic units). */
export interface PreparedDossier {
  result: HandlerResult;
  price: number;
}

const absence = (bloc: string, raison: RaisonBlocAbsent, message?: string): BlocAbsent => ({
  bloc,
  raison,
  message: message ?? RAISONS_BLOC_ABSENT.find((r) => r.code === raison)!.signification,
});

/** One asked block: its copy set aside by the freshness guard, or read. */
function readBlock(
  bloc: BlocDossier,
  source: DossierBlockSource,
  unit: UnitRow,
  deps: HandlerDeps,
  muted: readonly MutedRegister[],
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
  return source.read(deps, unit);
}

/**
 * The whole dossier of one request: the company's identity (the profile's refusals apply, before anything is
 * charged), then each asked block, served in `blocs` or named in `blocs_absents` with its reason. Its price
 * is the base plus each served block's, capped (dossierPrice.ts): what is charged is what is served.
 */
export async function prepareDossier(
  ctx: RouteContext,
  deps: HandlerDeps,
  sources: DossierBlockSources,
): Promise<PreparedDossier> {
  const siren = String(ctx.state.params?.siren);
  const asked = blocsOf(String(ctx.state.params?.blocs ?? ''));
  const unit = await readCoveredUnit(deps.knex, siren);
  const muted = ctx.state.registresMuets ?? [];
  const readings = await Promise.all(asked.map((bloc) => readBlock(bloc, sources[bloc], unit, deps, muted)));
  const identity = identityOf(unit);
  const blocs: Record<string, unknown> = {};
  const absents: BlocAbsent[] = [];
  const servedPrices: number[] = [];
  const provenance = readings.flatMap((reading) => reading.provenance);
  readings.forEach((reading, i) => {
    const bloc = asked[i]!;
    if (reading.absent) absents.push(reading.absent);
    else {
      blocs[bloc] = reading.value;
      servedPrices.push(sources[bloc]!.price);
    }
  });
  return {
    price: dossierPrice(servedPrices),
    result: {
      body: {
        siren,
        identite: Object.fromEntries(DOSSIER_IDENTITY_MEMBERS.map((member) => [member, identity[member]])),
        blocs_demandes: asked,
        blocs,
        blocs_absents: absents,
        resume: {
          demandes: asked.length,
          servis: servedPrices.length,
          absents: absents.length,
          dont_panne_amont: absents.filter(isUpstreamOutage).length,
        },
      },
      provenance,
    },
  };
}
