import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { ETABLISSEMENT_LAYOUT, UNITE_LEGALE_LAYOUT } from '../../ingest/fr-sirene/frSireneColumns.ts';
import { mulberry32 } from '../core/mulberry32.ts';

/**
 * Sirene-format stock files of any size, for benchmarks and tests: the current layouts (35 unit columns, 54
 * establishment columns, ../shared/FORMATS.md §1), valid Luhn SIRENs and SIRETs, French-looking names and
 * addresses, Lambert-93 coordinates inside metropolitan France, and about the real mix of legal categories
 * (56% sole proprietors). Deterministic for a given seed. Written in streaming, constant memory.
 */
export interface GeneratedSireneFiles {
  unitesLegales: string;
  etablissements: string;
  units: number;
  establishments: number;
  /** SIRENs of a few legal persons (not sole proprietors) present in the files, for lookups. */
  sampleSirens: string[];
}

export interface GenerateOptions {
  dir: string;
  /** Total rows of the two files together (units about 43%, establishments about 57%, as in the real stock). */
  rows: number;
  seed?: number;
  /** First 8-digit prefix of the generated SIRENs (default 10000000). */
  firstPrefix?: number;
}

const WORDS = [
  'ATELIER',
  'BOULANGERIE',
  'TRANSPORTS',
  'GARAGE',
  'CABINET',
  'IMMOBILIERE',
  'CONSEIL',
  'BATIMENT',
  'MENUISERIE',
  'PLOMBERIE',
  'RESTAURANT',
  'PHARMACIE',
  'INFORMATIQUE',
  'DISTRIBUTION',
  'SERVICES',
  'AGENCE',
  'HOLDING',
  'INVEST',
  'ENERGIES',
  'LOGISTIQUE',
  'VIGNOBLES',
  'FROMAGERIE',
  'IMPRIMERIE',
];
const PLACES = [
  'DU SUD',
  'DE L OUEST',
  'DES ALPES',
  'DE BRETAGNE',
  'DU LANGUEDOC',
  'DE PROVENCE',
  'DU NORD',
  'DES VOSGES',
  'DE LA LOIRE',
  'D AQUITAINE',
  'DU CENTRE',
  'DE NORMANDIE',
  'DE SAVOIE',
  'DU RHONE',
  'DE PICARDIE',
];
const SURNAMES = [
  'MARTIN',
  'BERNARD',
  'DUBOIS',
  'THOMAS',
  'ROBERT',
  'RICHARD',
  'PETIT',
  'DURAND',
  'LEROY',
  'MOREAU',
  'SIMON',
  'LAURENT',
  'LEFEBVRE',
  'MICHEL',
  'GARCIA',
  'DAVID',
  'BERTRAND',
  'ROUX',
  'VINCENT',
  'FOURNIER',
];
const FIRST_NAMES = ['MARIE', 'JEAN', 'PIERRE', 'ANNE', 'LUC', 'SOPHIE', 'PAUL', 'CLAIRE', 'LOUIS', 'JULIE'];
const FORMS = ['5710', '5499', '5599', '5498', '6540', '9220', '5202', '5720', '6316', '7210'];
const STREETS = ['RUE', 'AV', 'BD', 'PL', 'CHE', 'IMP', 'ALL', 'RTE', 'QUAI'];
const STREET_NAMES = [
  'DE LA REPUBLIQUE',
  'VICTOR HUGO',
  'JEAN JAURES',
  'DES LILAS',
  'DU MOULIN',
  'PASTEUR',
  'DE LA GARE',
  'DES ECOLES',
  'GAMBETTA',
  'DU GENERAL DE GAULLE',
  'DES TILLEULS',
  'DE LA MAIRIE',
];
const TOWNS: [string, string, string][] = [
  ['75011', '75111', 'PARIS 11'],
  ['69003', '69383', 'LYON 3EME'],
  ['13008', '13208', 'MARSEILLE 8EME'],
  ['31000', '31555', 'TOULOUSE'],
  ['33000', '33063', 'BORDEAUX'],
  ['44000', '44109', 'NANTES'],
  ['59000', '59350', 'LILLE'],
  ['67000', '67482', 'STRASBOURG'],
  ['35000', '35238', 'RENNES'],
  ['80100', '80001', 'ABBEVILLE'],
];
const NAF = [
  '47.11F',
  '56.10A',
  '62.01Z',
  '68.20B',
  '41.20A',
  '43.22A',
  '70.22Z',
  '86.21Z',
  '10.71C',
  '49.41A',
];
const TRANCHES = ['NN', '00', '01', '02', '03', '11', '12', '21', '22', '31'];

/** Luhn check digit that makes `digits + d` valid. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export async function generateSireneFiles(opts: GenerateOptions): Promise<GeneratedSireneFiles> {
  const random = mulberry32(opts.seed ?? 20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const unitesLegales = path.join(opts.dir, 'StockUniteLegale_utf8.csv');
  const etablissements = path.join(opts.dir, 'StockEtablissement_utf8.csv');
  const ul = createWriteStream(unitesLegales);
  const et = createWriteStream(etablissements);
  const write = async (stream: NodeJS.WritableStream, line: string) => {
    if (!stream.write(line)) await once(stream, 'drain');
  };
  await write(ul, `${UNITE_LEGALE_LAYOUT.known.join(',')}\n`);
  await write(et, `${ETABLISSEMENT_LAYOUT.known.join(',')}\n`);

  let units = 0;
  let establishments = 0;
  const sampleSirens: string[] = [];
  let prefix = opts.firstPrefix ?? 10_000_000;
  while (units + establishments < opts.rows) {
    const base = String(prefix++).padStart(8, '0');
    const siren = `${base}${luhnCheckDigit(base)}`;
    const soleProprietor = random() < 0.56;
    const active = random() < 0.45;
    const created = `${1960 + Math.floor(random() * 65)}-${pad2(1 + Math.floor(random() * 12))}-${pad2(1 + Math.floor(random() * 28))}`;
    const count = Math.min(
      opts.rows - units - establishments - 1,
      random() < 0.8 ? 1 : 2 + Math.floor(random() * 3),
    );
    const nicSiege = nicOf(siren, 1);
    const naf = pick(NAF);
    const unit: Record<string, string> = {
      siren,
      statutDiffusionUniteLegale: 'O',
      dateCreationUniteLegale: created,
      trancheEffectifsUniteLegale: pick(TRANCHES),
      anneeEffectifsUniteLegale: '2023',
      dateDernierTraitementUniteLegale: '2026-10-28T03:12:45',
      nombrePeriodesUniteLegale: String(1 + Math.floor(random() * 5)),
      categorieEntreprise: soleProprietor ? '' : 'PME',
      anneeCategorieEntreprise: soleProprietor ? '' : '2023',
      dateDebut: created,
      etatAdministratifUniteLegale: active ? 'A' : 'C',
      categorieJuridiqueUniteLegale: soleProprietor ? '1000' : pick(FORMS),
      activitePrincipaleUniteLegale: naf,
      nomenclatureActivitePrincipaleUniteLegale: 'NAFRev2',
      nicSiegeUniteLegale: count > 0 ? nicSiege : '',
      economieSocialeSolidaireUniteLegale: 'N',
      societeMissionUniteLegale: 'N',
      caractereEmployeurUniteLegale: random() < 0.3 ? 'O' : 'N',
      activitePrincipaleNAF25UniteLegale: naf,
    };
    if (soleProprietor) {
      unit.sexeUniteLegale = random() < 0.5 ? 'M' : 'F';
      unit.prenom1UniteLegale = pick(FIRST_NAMES);
      unit.prenomUsuelUniteLegale = unit.prenom1UniteLegale;
      unit.nomUniteLegale = pick(SURNAMES);
    } else {
      unit.denominationUniteLegale = `${pick(WORDS)} ${pick(SURNAMES)} ${pick(PLACES)}`;
      if (random() < 0.1)
        unit.sigleUniteLegale = unit.denominationUniteLegale
          .split(' ')
          .map((w) => w[0])
          .join('');
      if (sampleSirens.length < 1000 && active) sampleSirens.push(siren);
    }
    await write(ul, csvLine(UNITE_LEGALE_LAYOUT.known, unit));
    units++;
    for (let k = 1; k <= count; k++) {
      const [codePostal, codeCommune, commune] = pick(TOWNS);
      const nic = nicOf(siren, k);
      const row: Record<string, string> = {
        siren,
        nic,
        siret: `${siren}${nic}`,
        statutDiffusionEtablissement: 'O',
        dateCreationEtablissement: created,
        trancheEffectifsEtablissement: pick(TRANCHES),
        anneeEffectifsEtablissement: '2023',
        dateDernierTraitementEtablissement: '2026-10-28T03:12:45',
        etablissementSiege: k === 1 ? 'true' : 'false',
        nombrePeriodesEtablissement: '1',
        numeroVoieEtablissement: String(1 + Math.floor(random() * 180)),
        typeVoieEtablissement: pick(STREETS),
        libelleVoieEtablissement: pick(STREET_NAMES),
        codePostalEtablissement: codePostal,
        libelleCommuneEtablissement: commune,
        codeCommuneEtablissement: codeCommune,
        coordonneeLambertAbscisseEtablissement: (150_000 + random() * 1_000_000).toFixed(1),
        coordonneeLambertOrdonneeEtablissement: (6_150_000 + random() * 950_000).toFixed(1),
        dateDebut: created,
        etatAdministratifEtablissement: active && (k === 1 || random() < 0.5) ? 'A' : 'F',
        activitePrincipaleEtablissement: naf,
        nomenclatureActivitePrincipaleEtablissement: 'NAFRev2',
        caractereEmployeurEtablissement: 'N',
        activitePrincipaleNAF25Etablissement: naf,
      };
      await write(et, csvLine(ETABLISSEMENT_LAYOUT.known, row));
      establishments++;
    }
  }
  ul.end();
  et.end();
  await Promise.all([once(ul, 'finish'), once(et, 'finish')]);
  return { unitesLegales, etablissements, units, establishments, sampleSirens };
}

/** NIC number k of a SIREN: 4 digits then the key that makes the 14-digit SIRET Luhn-valid. */
function nicOf(siren: string, k: number): string {
  const body = String(k).padStart(4, '0');
  return `${body}${luhnCheckDigit(`${siren}${body}`)}`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function csvLine(columns: readonly string[], row: Record<string, string>): string {
  return `${columns.map((c) => quote(row[c] ?? '')).join(',')}\n`;
}

function quote(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
