import { readSnapshotStates } from '../../projections/core/snapshotState.ts';
import {
  joafeCoverage,
  joafeNotices,
  rnaAssociation,
} from '../../projections/fr-associations/associationQueries.ts';
import { ASSOCIATIONS_PROJECTION } from '../../projections/fr-associations/associationsProjection.ts';
import type { JoafeRow } from '../../projections/fr-associations/joafeRow.ts';
import type { RnaRow } from '../../projections/fr-associations/rnaRow.ts';
import { rnaTimestampToUtc } from '../../projections/fr-associations/rnaTimestamp.ts';
import { FR_JOAFE_REGISTER } from '../../schemas/events/frJoafeEvents.ts';
import { FR_RNA_REGISTER } from '../../schemas/events/frRnaEvents.ts';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import { rnaPathParam } from '../../schemas/params/rna.ts';
import { associationAnnoncesSchema, associationSchema } from '../../schemas/responses/association.ts';
import type { ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import { notFound } from '../errors/apiError.ts';

/** Notices served per call; `nombre_total` counts them all. */
export const NOTICES_LIMIT = 100;
/** The contract's freshness limit for the association journal. */
const JOURNAL_MAX_AGE_DAYS = 14;

const unknownAssociation = (rna: string) =>
  notFound(
    'association_inconnue',
    `Aucune association ${rna} dans le RNA ni le JOAFE tenus. / No association ${rna} in the RNA or JOAFE held.`,
    { rna },
  );

/** GET /v1/association/{rna}: the RNA record, with its SIREN when RNA gives a SIRET. */
export const associationRoute: RouteDefinition = {
  id: 'association.fiche',
  tool: {
    name: 'get_french_association',
    title: 'French association record',
    description:
      "A French association's record from the RNA register (and its JOAFE notices), by RNA number: name, object, address, dates.",
  },
  method: 'GET',
  path: '/v1/association/{rna}',
  summary: 'Fiche RNA d’une association, avec son SIREN quand le RNA en donne un.',
  description:
    'Titre, objet, codes d’objet social, position, dates (0001-01-01 du RNA servi null), siège. Aucune adresse de gestion, civilité, téléphone ou courriel n’est servi.',
  params: [rnaPathParam],
  price: 5000,
  freeTier: true,
  errors: ['association_inconnue'],
  registers: [FR_RNA_REGISTER],
  projections: [ASSOCIATIONS_PROJECTION],
  responseSchema: associationSchema,
  async handler(ctx, { knex }) {
    const rna = String(ctx.state.params?.rna);
    const row = await rnaAssociation(knex, rna);
    if (!row) throw unknownAssociation(rna);
    return { body: associationBody(row) };
  },
};

function associationBody(r: RnaRow) {
  const siren = r.siret && isLuhnValid(r.siret.slice(0, 9)) ? r.siret.slice(0, 9) : null;
  return {
    rna: r.rna,
    siren,
    siret: r.siret,
    id_ex: r.id_ex,
    titre: r.titre,
    titre_court: r.titre_court,
    objet: r.objet,
    objet_social: [r.objet_social1, r.objet_social2].filter(
      (c, i, all): c is string => c !== null && all.indexOf(c) === i,
    ),
    nature: r.nature,
    groupement: r.groupement,
    position: r.position,
    gestion: r.gestion,
    date_creation: r.date_creation,
    date_declaration: r.date_declaration,
    date_publication: r.date_publication,
    date_dissolution: r.date_dissolution,
    siege: { adresse: r.adresse, code_postal: r.code_postal, commune: r.commune, code_insee: r.code_insee },
    site_web: r.site_web,
    mis_a_jour_le: rnaTimestampToUtc(r.mis_a_jour_le),
    fichier_rna: r.source,
  };
}

const COVERAGE_NOTE =
  'Aucune annonce dans la fenêtre de couverture (depuis → jusqu_a, parutions tenues) est un fait ; en dehors, l’absence ne prouve rien. / No notice inside the coverage window is a fact; outside it, absence proves nothing.';

/**
 * GET /v1/association/{rna}/annonces: the association's JOAFE notices, most recent first, with the coverage
 * window of the journal held. A JOAFE copy older than 14 days is not sold (503 photo_perimee, from
 * projection state). The association's title and position come from RNA when it knows the number.
 */
export const associationAnnoncesRoute: RouteDefinition = {
  id: 'association.annonces',
  tool: {
    name: 'get_french_association_notices',
    title: 'JOAFE notices of a French association',
    description:
      'The notices of a French association published in the JOAFE journal (creation, changes, dissolution), by RNA number.',
  },
  method: 'GET',
  path: '/v1/association/{rna}/annonces',
  summary: 'Annonces du Journal officiel (JOAFE) d’une association, avec la fenêtre de couverture.',
  description:
    'Annonces les plus récentes d’abord (100 au plus). `couverture` donne la première et la dernière parution tenues et leur nombre : aucune annonce dans cette fenêtre est un fait, en dehors non. Copie de plus de 14 jours : 503 photo_perimee.',
  params: [rnaPathParam],
  price: 10_000,
  freeTier: true,
  errors: ['association_inconnue'],
  registers: [FR_JOAFE_REGISTER],
  projections: [ASSOCIATIONS_PROJECTION],
  freshness: { maxAgeDays: JOURNAL_MAX_AGE_DAYS, code: 'photo_perimee' },
  responseSchema: associationAnnoncesSchema,
  async handler(ctx, { knex }) {
    const rna = String(ctx.state.params?.rna);
    const [association, { total, notices }, couverture] = await Promise.all([
      rnaAssociation(knex, rna),
      joafeNotices(knex, { rna, limit: NOTICES_LIMIT }),
      joafeCoverage(knex),
    ]);
    if (!association && total === 0) throw unknownAssociation(rna);
    const tronque = total > notices.length;
    return {
      body: {
        rna,
        association: association ? { titre: association.titre, position: association.position } : null,
        nombre: notices.length,
        nombre_total: total,
        tronque,
        annonces: notices.map(noticeItem),
        couverture: { ...couverture, note: COVERAGE_NOTE },
        listes_bornees: { annonces: { nombre_total: total, tronque, total_borne_basse: false } },
      },
      provenance: association ? await rnaProvenance(knex) : [],
    };
  },
};

function noticeItem(n: JoafeRow) {
  return {
    identifiant: n.id,
    parution: n.parution,
    date_parution: n.date_parution,
    numero_annonce: n.numero_annonce,
    type: { code: n.type_code, libelle: n.type_libelle },
    forme: n.forme,
    departement: n.departement,
    date_declaration: n.date_declaration,
    lieu_declaration: n.lieu_declaration,
    titre: n.titre,
    ancien_titre: n.ancien_titre,
    nouveau_titre: n.nouveau_titre,
    objet: n.objet,
    nouvel_objet: n.nouvel_objet,
    siege: n.siege,
    site_web: n.site_web,
    themes: n.themes,
    fichier_pdf: null,
  };
}

/** The RNA stock the `association` member was read from, when the read side holds a complete one. */
async function rnaProvenance(knex: Parameters<typeof readSnapshotStates>[0]): Promise<ProvenanceEntry[]> {
  const [state] = await readSnapshotStates(knex, {
    projections: [ASSOCIATIONS_PROJECTION],
    registers: [FR_RNA_REGISTER],
  });
  if (!state?.current) return [];
  return [
    {
      registre: FR_RNA_REGISTER,
      version: state.current.version,
      empreinte_sha256: state.current.sha256,
      date_photo: state.current.snapshotDate,
    },
  ];
}
