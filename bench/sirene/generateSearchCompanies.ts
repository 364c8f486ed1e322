import type { SnapshotRow } from '../../ingest/core/snapshotPass.ts';
import { ETABLISSEMENT, UNITE_LEGALE } from '../../schemas/events/frSireneEvents.ts';
import { mulberry32 as random } from '../core/mulberry32.ts';

/**
 * Synthetic French companies for the search benchmark: valid Luhn SIRENs and SIRETs, names built the way
 * real ones are (activity + founder's surname, surnames joined by "ET", "SCI" + place or tree, invented
 * brands + a business word, optional legal-form prefixes, accents), legal persons only (what the index
 * holds), a skewed share of active and employing companies. Deterministic: company `i` is always the same.
 */

const SURNAMES =
  `MARTIN BERNARD THOMAS PETIT ROBERT RICHARD DURAND DUBOIS MOREAU LAURENT SIMON MICHEL LEFEBVRE LEROY
ROUX DAVID BERTRAND MOREL FOURNIER GIRARD BONNET DUPONT LAMBERT FONTAINE ROUSSEAU VINCENT MULLER LEFEVRE FAURE ANDRE
MERCIER BLANC GUERIN BOYER GARNIER CHEVALIER FRANCOIS LEGRAND GAUTHIER GARCIA PERRIN ROBIN CLEMENT MORIN NICOLAS HENRY
ROUSSEL MATHIEU GAUTIER MASSON MARCHAND DUVAL DENIS DUMONT MARIE LEMAIRE NOEL MEYER DUFOUR MEUNIER BRUN BLANCHARD
GIRAUD JOLY RIVIERE LUCAS BRUNET GAILLARD BARBIER ARNAUD MARTINEZ GERARD ROCHE RENARD SCHMITT ROY LEROUX COLIN VIDAL
CARON PICARD ROGER FABRE AUBERT LEMOINE RENAUD DUMAS LACROIX OLIVIER PHILIPPE BOURGEOIS PIERRE BENOIT REY LECLERC
PAYET ROLLAND LECLERCQ GUILLAUME LECOMTE LOPEZ JEAN DUPUY GUILLOT HUBERT BERGER CARPENTIER SANCHEZ DUPUIS MOULIN LOUIS
DESCHAMPS HUET VASSEUR PEREZ BOUCHER FLEURY ROYER KLEIN JACQUET ADAM PARIS POIRIER MARTY AUBRY GUYOT CARRE CHARLES
RENAULT CHARPENTIER MENARD MAILLARD BARON BERTIN BAILLY HERVE SCHNEIDER FERNANDEZ LEGALL COLLET LEGER BOUVIER JULIEN
PREVOST MILLET PERROT DANIEL LECOQ BRETON TESSIER`.split(/\s+/);

const ACTIVITIES =
  `BOULANGERIE PATISSERIE BOUCHERIE CHARCUTERIE PHARMACIE GARAGE TRANSPORTS TAXI AMBULANCES PLOMBERIE
ÉLECTRICITÉ MENUISERIE CHARPENTE MAÇONNERIE COUVERTURE PEINTURE CARRELAGE TERRASSEMENT PAYSAGES IMMOBILIÈRE
CONSTRUCTIONS RÉNOVATION HÔTEL RESTAURANT BRASSERIE CAFÉ PIZZERIA TRAITEUR COIFFURE INSTITUT OPTIQUE AUDITION
LIBRAIRIE FLEURS PRIMEUR ÉPICERIE FROMAGERIE CAVE VINS DISTILLERIE IMPRIMERIE INFORMATIQUE CONSEIL EXPERTISE AUDIT
CABINET ASSURANCES COURTAGE NETTOYAGE SÉCURITÉ GARDIENNAGE LOGISTIQUE DÉMÉNAGEMENTS AUTOMOBILES CYCLES MOTOS
MÉCANIQUE CHAUDRONNERIE MÉTALLERIE SERRURERIE VITRERIE AGENCE STUDIO ATELIER LABORATOIRE CLINIQUE`.split(
    /\s+/,
  );

const PLACES =
  `PARIS LYON MARSEILLE TOULOUSE NICE NANTES STRASBOURG MONTPELLIER BORDEAUX LILLE RENNES REIMS TOULON GRENOBLE
DIJON ANGERS NIMES VILLEURBANNE CLERMONT AIX BREST TOURS AMIENS LIMOGES ANNECY PERPIGNAN BESANCON ORLEANS ROUEN MULHOUSE
CAEN NANCY ARGENTEUIL MONTREUIL ROUBAIX TOURCOING AVIGNON POITIERS PAU CALAIS CANNES ANTIBES COLMAR QUIMPER VANNES
LORIENT SAINT-MALO LA ROCHELLE BAYONNE BIARRITZ ANGOULEME CHAMBERY VALENCE TROYES CHARTRES BLOIS BOURGES NEVERS AUXERRE
MACON ROANNE VICHY AURILLAC RODEZ ALBI CAHORS AGEN TARBES DAX ARCACHON COGNAC SAINTES NIORT CHOLET LAVAL LE MANS EVREUX
BEAUVAIS COMPIEGNE SOISSONS LAON ARRAS DOUAI CAMBRAI VALENCIENNES DUNKERQUE BOULOGNE MAUBEUGE METZ THIONVILLE EPINAL`.split(
    /\s+/,
  );

const SCI_WORDS =
  `LES TILLEULS,LES CHENES,LES ROSES,DU PARC,DES LILAS,LES PINS,DU MOULIN,DE LA GARE,DU PORT,LES ACACIAS,
DES VIGNES,DU CHATEAU,LES ERABLES,DE LA FONTAINE,DU LAC,LES PEUPLIERS,DES SOURCES,LE CLOS,LES JARDINS,LA COLLINE,
LES MARRONNIERS,DU VALLON,LES GLYCINES,DE L'ETANG,LES MIMOSAS,DU PRIEURE,LES CEDRES,LA BASTIDE,LE MAS,LES OLIVIERS`
    .split(',')
    .map((s) => s.trim());

const SYLLABLES =
  `KO RA LI NO VA TEC SO FI A MO DA RI ZE O PA LU XI NE TRA BEL VI GO MA TI SA RE DO LA QUA NI SY ME
CA PO VEN TUR AL BI FLO GRA`.split(/\s+/);
const BRAND_WORDS =
  `CONSEIL FRANCE GROUP SERVICES INVEST HOLDING IMMOBILIER SOLUTIONS TECHNOLOGIES DEVELOPPEMENT
PARTNERS DISTRIBUTION INDUSTRIE INTERNATIONAL ÉNERGIE SANTÉ FINANCE GESTION PARTICIPATIONS ÉVÉNEMENTS`.split(
    /\s+/,
  );

const TOWNS: [string, string][] = [
  ['PARIS', '75008'],
  ['LYON', '69003'],
  ['MARSEILLE', '13008'],
  ['TOULOUSE', '31000'],
  ['NICE', '06000'],
  ['NANTES', '44000'],
  ['STRASBOURG', '67000'],
  ['MONTPELLIER', '34000'],
  ['BORDEAUX', '33000'],
  ['LILLE', '59000'],
  ['RENNES', '35000'],
  ['REIMS', '51100'],
  ['GRENOBLE', '38000'],
  ['DIJON', '21000'],
  ['ANGERS', '49000'],
  ['NIMES', '30000'],
  ['BREST', '29200'],
  ['TOURS', '37000'],
  ['AMIENS', '80000'],
  ['LIMOGES', '87000'],
  ['ANNECY', '74000'],
  ['PERPIGNAN', '66000'],
  ['ORLEANS', '45000'],
  ['ROUEN', '76000'],
  ['CAEN', '14000'],
  ['NANCY', '54000'],
  ['AVIGNON', '84000'],
  ['POITIERS', '86000'],
  ['PAU', '64000'],
  ['QUIMPER', '29000'],
  ['SAINT-NAZAIRE', '44600'],
  ['LA ROCHELLE', '17000'],
  ['BAYONNE', '64100'],
  ['CHAMBERY', '73000'],
  ['VALENCE', '26000'],
  ['TROYES', '10000'],
  ['METZ', '57000'],
  ['COLMAR', '68000'],
  ['VANNES', '56000'],
  ['LAVAL', '53000'],
];

const NAF = [
  '10.71C',
  '47.11B',
  '45.20A',
  '49.41A',
  '43.21A',
  '68.20B',
  '70.22Z',
  '56.10A',
  '62.01Z',
  '96.02A',
  '86.21Z',
];

/** Legal categories of legal persons, weighted roughly like the stock (SAS, SARL, SCI, SA, association, SNC). */
const CATEGORIES: [string, number][] = [
  ['5710', 35],
  ['5499', 30],
  ['6540', 20],
  ['5599', 5],
  ['9220', 8],
  ['5202', 2],
];

/** Workforce bands, most companies employ nobody. */
const BANDS: [string | null, number][] = [
  [null, 45],
  ['NN', 20],
  ['00', 8],
  ['01', 10],
  ['02', 6],
  ['03', 4],
  ['11', 3],
  ['12', 2],
  ['21', 1],
  ['32', 0.6],
  ['42', 0.3],
  ['53', 0.1],
];

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

function weighted<T>(rnd: () => number, list: readonly [T, number][]): T {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [v, w] of list) {
    r -= w;
    if (r <= 0) return v;
  }
  return list[list.length - 1]![0];
}

/** Appends the Luhn check digit to a string of digits. */
export function withLuhnDigit(digits: string): string {
  for (let d = 0; d <= 9; d++) {
    const candidate = `${digits}${d}`;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let v = candidate.charCodeAt(candidate.length - 1 - i) - 48;
      if (i % 2 === 1) {
        v *= 2;
        if (v > 9) v -= 9;
      }
      sum += v;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

function brand(rnd: () => number): string {
  const n = 2 + Math.floor(rnd() * 2);
  let word = '';
  for (let i = 0; i < n; i++) word += pick(rnd, SYLLABLES);
  return word;
}

function nameOf(rnd: () => number, categorie: string): string {
  if (categorie === '6540') {
    return rnd() < 0.5 ? `SCI ${pick(rnd, SCI_WORDS)}` : `SCI ${pick(rnd, SURNAMES)} ${pick(rnd, SURNAMES)}`;
  }
  if (categorie === '9220')
    return `ASSOCIATION ${pick(rnd, ['SPORTIVE', 'CULTURELLE', 'DES AMIS DE', 'DES PARENTS DE'])} ${pick(rnd, PLACES)}`;
  const prefix =
    rnd() < 0.3 ? `${pick(rnd, ['SOCIETE', 'ETABLISSEMENTS', 'SARL', 'SAS', 'STE', 'ETS'])} ` : '';
  const shape = rnd();
  if (shape < 0.35) return `${prefix}${pick(rnd, ACTIVITIES)} ${pick(rnd, SURNAMES)}`;
  if (shape < 0.55)
    return `${prefix}${pick(rnd, ACTIVITIES)} ${pick(rnd, ['DE', 'DU', 'DES'])} ${pick(rnd, PLACES)}`;
  if (shape < 0.7) return `${prefix}${pick(rnd, SURNAMES)} ET ${rnd() < 0.5 ? 'FILS' : pick(rnd, SURNAMES)}`;
  return `${prefix}${brand(rnd)} ${pick(rnd, BRAND_WORDS)}`;
}

export interface GeneratedCompany {
  siren: string;
  siret: string;
  denomination: string;
  sigle: string | null;
  categorie: string;
  etat: 'A' | 'C';
  tranche: string | null;
  commune: string;
  codePostal: string;
}

/** SIRENs start at 100000000 + i × 7 (room for the check digit, no collision with the real samples). */
export function generateCompany(i: number): GeneratedCompany {
  const rnd = random(i * 2654435761 + 1);
  const siren = withLuhnDigit(String(10_000_000 + i * 7).padStart(8, '0'));
  const siret = withLuhnDigit(`${siren}0001`);
  const categorie = weighted(rnd, CATEGORIES);
  const denomination = nameOf(rnd, categorie);
  const sigle =
    rnd() < 0.05
      ? denomination
          .split(/\s+/)
          .map((w) => w[0])
          .join('')
      : null;
  const [commune, codePostal] = pick(rnd, TOWNS);
  return {
    siren,
    siret,
    denomination,
    sigle,
    categorie,
    etat: rnd() < 0.7 ? 'A' : 'C',
    tranche: weighted(rnd, BANDS),
    commune,
    codePostal,
  };
}

/** The unit and head-office rows of companies 0..count-1, in the event contract's shape (Sirene header names). */
export async function* generateSearchCompanies(count: number): AsyncGenerator<SnapshotRow> {
  for (let i = 0; i < count; i++) {
    const c = generateCompany(i);
    yield {
      kind: UNITE_LEGALE,
      id: c.siren,
      record: {
        siren: c.siren,
        statutDiffusionUniteLegale: 'O',
        sigleUniteLegale: c.sigle,
        trancheEffectifsUniteLegale: c.tranche,
        categorieEntreprise: c.tranche && ['32', '42', '53'].includes(c.tranche) ? 'ETI' : 'PME',
        etatAdministratifUniteLegale: c.etat,
        denominationUniteLegale: c.denomination,
        categorieJuridiqueUniteLegale: c.categorie,
        activitePrincipaleUniteLegale: NAF[i % NAF.length]!,
        nicSiegeUniteLegale: c.siret.slice(9),
      },
    };
    yield {
      kind: ETABLISSEMENT,
      id: c.siret,
      record: {
        siren: c.siren,
        nic: c.siret.slice(9),
        siret: c.siret,
        statutDiffusionEtablissement: 'O',
        etablissementSiege: 'true',
        codePostalEtablissement: c.codePostal,
        libelleCommuneEtablissement: c.commune,
        etatAdministratifEtablissement: c.etat === 'A' ? 'A' : 'F',
      },
    };
  }
}
