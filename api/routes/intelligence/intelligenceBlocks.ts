import { EU_CORDIS_PROJECTION } from '../../../projections/eu-cordis/euCordisProjection.ts';
import { BODACC_ANNONCES_PROJECTION } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { liveNoticesSince } from '../../../projections/fr-bodacc-annonces/liveNotices.ts';
import { LISTE_PROJECTION } from '../../../projections/fr-entreprises-liste/listeProjection.ts';
import { RAISONS_BLOC_ABSENT, type RaisonBlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import { EU_CORDIS_REGISTER } from '../../../schemas/events/euCordisEvents.ts';
import { FR_BODACC_REGISTER } from '../../../schemas/events/frBodaccEvents.ts';
import {
  FR_JUDILIBRE_REGISTER,
  type JudilibreContentieux,
} from '../../../schemas/events/frJudilibreEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../../schemas/events/frRatiosInpiBceEvents.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { INTELLIGENCE_BLOCS } from '../../../schemas/responses/intelligence.ts';
import type { HandlerDeps, ProvenanceEntry, RouteContext } from '../../catalogue/route.ts';
import { readAlertes } from '../alertes.ts';
import { contentieuxBody } from '../contentieux.ts';
import type { DossierBlockSource } from '../dossier/blockSource.ts';
import { DOSSIER_BLOCK_SOURCES } from '../dossier/dossierBlocks.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import { readDirigeants } from '../entreprise/readDirigeants.ts';
import { readGroupeLei } from '../entreprise/readGroupeLei.ts';
import type { ProfileRow } from '../entreprise/readProfile.ts';
import { liveProvenance } from '../europeLive.ts';
import { readFinancementsUe } from '../financementsUe.ts';
import { kybDirigeantsOf } from '../kyb/kybOfficers.ts';
import { readComptesBlock } from './comptesBlock.ts';
import type { ScorePort } from './scorePort.ts';
import type { SectorMediansCache } from './sectorMedians.ts';

/**
 * The blocks of the intelligence report, in the order served: a closed list, each served or named in
 * `blocs_absents` with one of the contract's reasons.
 */
export const BLOCS_INTELLIGENCE = INTELLIGENCE_BLOCS;

export type BlocIntelligence = (typeof BLOCS_INTELLIGENCE)[number];

/** Notices of the changes timeline served (the newest); `nombre_total` counts them all. */
export const CHANGEMENTS_LIMIT = 100;

/** What every block reads beside the handler's dependencies. */
export interface IntelligenceContext {
  ctx: RouteContext;
  now: Date;
  score: ScorePort;
  medians: SectorMediansCache;
}

/**
 * Where one block comes from: the local registers whose copy, missing or too old, makes it absent
 * (`copie_indisponible`; live sources state their own absence), and how it is read.
 */
export interface IntelligenceBlockSource {
  registers: readonly string[];
  projections: readonly string[];
  read(
    deps: HandlerDeps,
    unit: ProfileRow,
    context: IntelligenceContext,
  ): Promise<BlockReading<Record<string, unknown>>>;
}

const absence = (bloc: string, raison: RaisonBlocAbsent, message?: string) => ({
  bloc,
  raison,
  message: message ?? RAISONS_BLOC_ABSENT.find((r) => r.code === raison)!.signification,
});

/** A dossier block, read as the dossier reads it (same reader, same absences). */
const fromDossier = (source: DossierBlockSource): IntelligenceBlockSource => ({
  registers: source.registers,
  projections: source.projections,
  read: (deps, unit) => source.read(deps, unit),
});

const dossier = (bloc: keyof typeof DOSSIER_BLOCK_SOURCES) => fromDossier(DOSSIER_BLOCK_SOURCES[bloc]);

/** The version of a register the request's freshness guard read (the cache token of the sector medians). */
const versionOf = (provenance: readonly ProvenanceEntry[] | undefined, register: string) => {
  const p = provenance?.find((entry) => entry.registre === register);
  return p ? `${p.version}|${p.empreinte_sha256 ?? ''}` : '';
};

/** Where each block of the closed list comes from. */
export const INTELLIGENCE_BLOCK_SOURCES: Record<BlocIntelligence, IntelligenceBlockSource> = {
  etablissements: dossier('etablissements'),
  // The RNE, read live: down, slow or not configured, the block is absent with its reason.
  dirigeants: {
    registers: [],
    projections: [],
    async read(deps, unit, { ctx }) {
      const reading = await readDirigeants(unit.siren, {
        rne: deps.live.french['fr.rne'],
        log: ctx.state.log,
      });
      if (!reading.value) {
        return absentBlock({ ...reading.absent!, bloc: 'dirigeants' }, reading.provenance);
      }
      return served({ ...kybDirigeantsOf(reading.value) }, reading.provenance);
    },
  },
  // Never absent: the GLEIF copy missing or too old is stated in band (`etat: indisponible`), as the profile.
  groupe_lei: {
    registers: [],
    projections: [],
    async read(deps, unit, { now }) {
      const reading = await readGroupeLei(deps.knex, unit.siren, now, deps.readSnapshots);
      return served({ ...reading.value! }, reading.provenance);
    },
  },
  comptes: {
    registers: [FR_RATIOS_INPI_BCE_REGISTER],
    projections: [LISTE_PROJECTION],
    read: (deps, unit, { ctx, medians }) =>
      readComptesBlock(
        deps.knex,
        { siren: unit.siren, naf: unit.activite_principale },
        {
          cache: medians,
          token: `${versionOf(ctx.state.provenance, FR_RATIOS_INPI_BCE_REGISTER)}|${versionOf(ctx.state.provenance, 'fr.sirene')}`,
        },
      ),
  },
  score: {
    registers: [],
    projections: [],
    read: (deps, unit, { score, now }) => score.score(deps, unit.siren, now),
  },
  // The BODACC copy is read in full: no proceeding is a fact (nombre 0), as the KYB serves it.
  procedures_collectives: {
    registers: [FR_BODACC_REGISTER],
    projections: [BODACC_ANNONCES_PROJECTION],
    async read({ knex }, unit) {
      const alertes = await readAlertes(knex, unit);
      const liste = alertes.alertes.filter((a) => a.categorie !== 'radiation');
      return served({ nombre: liste.length, liste, tronque: alertes.listes_bornees.alertes.tronque }, []);
    },
  },
  changements: {
    registers: [FR_BODACC_REGISTER],
    projections: [BODACC_ANNONCES_PROJECTION],
    async read({ knex }, unit) {
      const { total, notices } = await liveNoticesSince(knex, {
        siren: unit.siren,
        since: '1900-01-01',
        limit: CHANGEMENTS_LIMIT,
      });
      if (total === 0) return absentBlock(absence('changements', 'aucune_donnee'));
      return served(
        {
          nombre: notices.length,
          nombre_total: total,
          tronque: total > notices.length,
          annonces: notices.map((n) => ({
            id: n.id,
            date_parution: n.date_parution,
            type_avis: n.type_avis,
            famille: n.famille,
            tribunal: n.tribunal,
            publication: n.publication ? `BODACC ${n.publication}` : null,
          })),
        },
        [],
      );
    },
  },
  marches_publics: dossier('marches_publics'),
  marches_publics_ue: dossier('marches_publics_ue'),
  financements_ue: {
    registers: [EU_CORDIS_REGISTER],
    projections: [EU_CORDIS_PROJECTION],
    async read({ knex }, unit, { ctx }) {
      const publication =
        ctx.state.provenance?.find((p) => p.registre === EU_CORDIS_REGISTER)?.date_photo ?? null;
      const body = await readFinancementsUe(knex, unit.siren, publication);
      if (body.aucun_financement === true) return absentBlock(absence('financements_ue', 'aucune_donnee'));
      return served(body, []);
    },
  },
  agrements: dossier('agrements'),
  risques_industriels: dossier('risques_industriels'),
  // Judilibre, read live: down or not configured, the block is absent with its reason.
  contentieux: {
    registers: [],
    projections: [],
    async read(deps, unit) {
      const reader = deps.live.french['fr.judilibre'];
      if (!reader) {
        return absentBlock(
          absence(
            'contentieux',
            'registre_non_configure',
            'Judilibre (PISTE) n’est pas configuré sur ce serveur (identifiants) : décisions non lues. / Judilibre (PISTE) is not configured on this server (credentials): decisions not read.',
          ),
        );
      }
      const company = { siren: unit.siren, denomination: unit.denomination };
      let found: JudilibreContentieux;
      try {
        found = await reader.contentieux(company);
      } catch (err) {
        if (!(err instanceof LiveUnavailableError)) throw err;
        const reason = err.reason;
        return absentBlock(
          absence(
            'contentieux',
            'amont_indisponible',
            `Judilibre n’a pas répondu utilement (${reason}) ; réessayez plus tard. / Judilibre did not answer usably (${reason}); retry later.`,
          ),
        );
      }
      const observations = [...found.searches, ...found.decisions.map((d) => d.observation)];
      return served(
        contentieuxBody(company, found),
        observations.map((o) => liveProvenance(FR_JUDILIBRE_REGISTER, o)),
      );
    },
  },
  documents: dossier('documents'),
  lobbying: dossier('lobbying'),
  pi: dossier('pi'),
};
