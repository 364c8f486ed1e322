import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { europeanDetailSchema, nullableDate, nullableInteger, nullableString } from './europeanDetail.ts';

/**
 * A detail body of the Croatian register: the subject's court number (`mbs`) first, the route's members, the
 * snapshot's date (`photo`) last (api/routes/hrSudreg.ts, subjectBody).
 */
function hrDetailSchema(spec: { required: readonly string[]; properties: Record<string, JsonSchema> }) {
  return europeanDetailSchema('HR', {
    required: ['mbs', ...spec.required, 'photo'],
    properties: { mbs: { type: 'string' }, ...spec.properties, photo: nullableDate },
  });
}

/** GET /v1/eu/entreprise/HR/{oib}/insolvabilite */
export const hrInsolvencySchema: JsonSchema = hrDetailSchema({
  required: [
    'procedure',
    'masse_faillite',
    'masse_liquidation',
    'aucune_procedure',
    'nombre_decisions',
    'decisions',
  ],
  properties: {
    procedure: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: ['aucune', 'faillite', 'liquidation', 'autre'] },
        libelle: nullableString,
        en_cours: { type: 'boolean' },
      },
    },
    masse_faillite: { type: 'boolean' },
    masse_liquidation: { type: 'boolean' },
    aucune_procedure: { type: 'boolean', description: 'Mesuré sur la photo complète du registre.' },
    nombre_decisions: {
      ...nullableInteger,
      description:
        'null : les inscriptions du registre ne sont pas dans la photo publiée (fichiers upisi, upisi_vrste_upisa, vrste_upisa, postupci non collectés), ce qui ne dit pas qu’il n’y a pas de décision.',
    },
    decisions: objectList(
      {
        rang: { ...nullableInteger, description: 'prbu : numéro légal de l’inscription chez le sujet.' },
        type_id: { ...nullableInteger, description: 'vrsta_upisa_id : identifiant du type d’inscription.' },
        type: { ...nullableString, description: 'vrste_upisa.naziv : libellé publié du type.' },
        tribunal: nullableString,
        reference: { ...nullableString, description: 'poslovni_broj : numéro de la décision (rješenje).' },
        date: { ...nullableDate, description: 'datum_upisa : date où l’inscription est devenue définitive.' },
        texte_retenu: {
          type: 'boolean',
          description: 'Toujours vrai : le texte d’une décision n’est jamais servi.',
        },
      },
      'Une inscription qui a ouvert ou clos une procédure (postupci), ou d’un type nommé stečaj…/likvidacij… ; date ou référence null : non extraite, non absente. / An entry that entered or ended a procedure, or of a bankruptcy or liquidation type.',
    ),
  },
});

/** GET /v1/eu/entreprise/HR/{oib}/comptes */
export const hrAccountsSchema: JsonSchema = hrDetailSchema({
  required: ['nombre_comptes', 'aucun_compte_depose', 'dernier_exercice', 'comptes'],
  properties: {
    nombre_comptes: { type: 'integer' },
    aucun_compte_depose: {
      type: 'boolean',
      description: 'Mesuré sur la photo complète du registre (liste gfi de chaque sujet).',
    },
    dernier_exercice: { ...nullableInteger, description: 'L’année la plus récente listée.' },
    comptes: objectList(
      {
        rang: { ...nullableInteger, description: 'gfi_rbr : numéro d’ordre du dépôt au registre.' },
        annee: nullableInteger,
        debut: nullableDate,
        fin: nullableDate,
        document: {
          type: 'object',
          description:
            'vrsta_dokumenta : le libellé publié (znacenje) ; le code n’est donné que si la photo le porte.',
          properties: { code: nullableInteger, libelle: nullableString },
        },
        consolide: { type: ['boolean', 'null'] },
        depose_le: nullableDate,
      },
      'Un état financier annuel (GFI) déposé, tel que le registre le liste ; pas de chiffres. / One filed annual statement as listed; no figures.',
    ),
  },
});

/** GET /v1/eu/entreprise/HR/{oib}/evenements */
export const hrEntriesSchema: JsonSchema = hrDetailSchema({
  required: ['nombre_inscriptions', 'textes_servis', 'textes_retenus', 'inscriptions'],
  properties: {
    nombre_inscriptions: { type: 'integer' },
    textes_servis: { type: 'integer', description: 'Lignes dont le texte est servi.' },
    textes_retenus: {
      type: 'integer',
      description: 'Lignes dont l’inscription porte un texte qui n’est pas servi.',
    },
    inscriptions: objectList(
      {
        rang: { ...nullableInteger, description: 'prbu : numéro légal de l’inscription chez le sujet.' },
        type_id: { ...nullableInteger, description: 'vrsta_upisa_id : identifiant du type d’inscription.' },
        type: { ...nullableString, description: 'vrste_upisa.naziv : libellé publié du type.' },
        categorie: { ...nullableString, description: 'grupe_vrsta_upisa.naziv : groupe du type.' },
        texte: { ...nullableString, description: 'Texte de l’inscription ; null quand il est retenu.' },
        texte_retenu: {
          type: 'boolean',
          description:
            'Vrai : l’inscription porte un texte (ostali_tekstovi, zabiljezbe) qui n’est pas servi (type hors de la liste fermée, ou mention personnelle).',
        },
        decision: {
          type: 'object',
          description: 'La décision (rješenje) qui a ordonné l’inscription ; null : non extrait.',
          properties: { tribunal: nullableString, reference: nullableString, date: nullableDate },
        },
      },
      'Une inscription au registre et l’un de ses types ; une inscription de plusieurs types a une ligne par type. / One entry and one of its types.',
    ),
  },
});
