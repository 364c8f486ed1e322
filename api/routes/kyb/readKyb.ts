import type { BlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import { FR_BODACC_REGISTER } from '../../../schemas/events/frBodaccEvents.ts';
import type { GroupeLei, GroupeLeiParent } from '../../../schemas/responses/groupeLei.ts';
import type { HandlerDeps, HandlerResult, RouteContext } from '../../catalogue/route.ts';
import { readAlertes } from '../alertes.ts';
import { absentBlock, type BlockReading } from '../entreprise/blockReading.ts';
import { readDirigeants } from '../entreprise/readDirigeants.ts';
import { readGroupeLei } from '../entreprise/readGroupeLei.ts';
import { readProfile } from '../entreprise/readProfile.ts';
import { assertCovered } from '../entreprise/sireneCoverage.ts';
import { identityOf } from '../entreprise/unitFields.ts';
import { readCompanyVat } from '../tva/readCompanyVat.ts';
import { type KybDirigeants, kybDirigeantsOf } from './kybOfficers.ts';
import type { SanctionsScreen, SanctionsScreening, ScreeningCandidate } from './kybSanctions.ts';
import { kybSignalsOf } from './kybSignals.ts';

/** The score of a company (the dossier's `score` block), or why it is absent. */
export type KybScoreReader = (
  deps: HandlerDeps,
  siren: string,
  now: Date,
) => Promise<BlockReading<Record<string, unknown>>>;

/** What a KYB reads beyond the French profile's own sources: the sanctions lists and the score model. */
export interface KybSources {
  screen: SanctionsScreen | null;
  score: KybScoreReader | null;
}

const NOTE =
  'Signaux calculés des seules données servies ici, chacun avec sa source ; un bloc absent ne lève ni n’efface aucun signal. Dirigeants personnes physiques comptés par fonction, jamais nommés. Criblage des personnes morales (l’entreprise, ses dirigeants personnes morales, ses mères GLEIF) sur les listes nommées, à leur version. / Flags computed only from the data served here, each with its source; an absent block raises and clears none. Natural-person officers counted by role, never named. Legal persons screened against the named lists, at their versions.';

const parentCandidate = (
  qualite: 'mere_directe' | 'mere_ultime',
  parent: GroupeLeiParent | null,
): ScreeningCandidate[] =>
  parent?.etat === 'mere'
    ? [{ qualite, denomination: parent.denomination, siren: null, lei: parent.lei }]
    : [];

/** The legal persons a KYB screens: the company, its legal-person officers, its parents. */
export function screeningCandidates(
  company: { siren: string; denomination: string | null; lei: string | null },
  dirigeants: KybDirigeants | null,
  groupe: GroupeLei | null,
): ScreeningCandidate[] {
  return [
    { qualite: 'entreprise', denomination: company.denomination, siren: company.siren, lei: company.lei },
    ...(dirigeants?.personnes_morales ?? []).map(
      (d): ScreeningCandidate => ({
        qualite: 'dirigeant',
        denomination: d.denomination,
        siren: d.siren,
        lei: null,
      }),
    ),
    ...parentCandidate('mere_directe', groupe?.mere_directe ?? null),
    ...parentCandidate('mere_ultime', groupe?.mere_ultime ?? null),
  ];
}

/**
 * GET /v1/kyb/{siren}: the French profile's identity and head office, officers (legal persons named, natural
 * persons counted), collective proceedings (BODACC), the VAT number checked with VIES, the LEI group, the
 * score, the sanctions screening and the red flags computed from all of it. A source that cannot answer makes
 * its block absent with its reason; the coverage rules refuse what the profile refuses, uncharged.
 */
export async function readKyb(
  ctx: RouteContext,
  deps: HandlerDeps,
  sources: KybSources,
): Promise<HandlerResult> {
  const siren = String(ctx.state.params?.siren);
  const now = (deps.now ?? (() => new Date()))();
  const row = await readProfile(deps.knex, siren);
  assertCovered(siren, row, identityOf);
  const [dirigeants, alertes, vat, groupe, score] = await Promise.all([
    readDirigeants(siren, { rne: deps.live.french['fr.rne'], log: ctx.state.log }),
    readAlertes(deps.knex, row),
    readCompanyVat(deps, siren, 'tva'),
    readGroupeLei(deps.knex, siren, now, deps.readSnapshots),
    sources.score
      ? sources.score(deps, siren, now)
      : Promise.resolve(
          absentBlock<Record<string, unknown>>({
            bloc: 'score',
            raison: 'copie_indisponible',
            message:
              'Aucun modèle de score entraîné sur ce serveur (registres score train). / No score model trained on this server.',
          }),
        ),
  ]);
  const officers = dirigeants.value ? kybDirigeantsOf(dirigeants.value) : null;
  const groupeLei = groupe.value!;
  const candidates = screeningCandidates(
    { siren, denomination: row.denomination, lei: groupeLei.lei },
    officers,
    groupeLei,
  );
  const screening: BlockReading<SanctionsScreening> = sources.screen
    ? await sources.screen(deps.knex, candidates, deps.registers)
    : absentBlock({
        bloc: 'sanctions',
        raison: 'copie_indisponible',
        message:
          'Aucune liste de sanctions chargée sur ce serveur. / No sanctions list loaded on this server.',
      });
  // BODACC's copy too old or not loaded: the proceedings are absent, and raise or clear no flag.
  const bodaccMuted = (ctx.state.registresMuets ?? []).some((m) => m.registre === FR_BODACC_REGISTER);
  const procedures = alertes.alertes.filter((a) => a.categorie !== 'radiation');
  const absents: BlocAbsent[] = [
    ...(dirigeants.absent ? [{ ...dirigeants.absent, bloc: 'dirigeants' }] : []),
    ...(bodaccMuted
      ? [
          {
            bloc: 'procedures_collectives',
            raison: 'copie_indisponible' as const,
            message:
              'Copie du BODACC absente ou trop ancienne : procédures non lues. / BODACC copy missing or too old: proceedings not read.',
          },
        ]
      : []),
    ...(vat.absent ? [vat.absent] : []),
    ...(score.absent ? [score.absent] : []),
    ...(screening.absent ? [screening.absent] : []),
  ];
  const signaux = kybSignalsOf({
    unit: row,
    alertes: bodaccMuted ? null : alertes.alertes,
    vat: vat.value,
    hits: screening.value?.hits ?? null,
    now,
  });
  return {
    provenance: [dirigeants, vat, groupe, score, screening].flatMap((r) => r.provenance),
    body: {
      siren,
      denomination: row.denomination,
      identite: {
        ...identityOf(row),
        siege: {
          siret: row.siege_siret ?? (row.nic_siege ? `${row.siren}${row.nic_siege}` : null),
          adresse: row.siege_adresse,
          code_postal: row.siege_code_postal,
          commune: row.siege_commune,
        },
      },
      dirigeants: officers,
      procedures_collectives: bodaccMuted
        ? null
        : { nombre: procedures.length, liste: procedures, tronque: alertes.listes_bornees.alertes.tronque },
      tva: vat.value,
      groupe_lei: groupeLei,
      score: score.value,
      sanctions: screening.value
        ? {
            listes: screening.value.listes,
            personnes_criblees: candidates.length,
            nombre_resultats: screening.value.hits.length,
            resultats: screening.value.hits,
          }
        : null,
      signaux,
      blocs_absents: absents,
      note: NOTE,
    },
  };
}
