import type { IngestCommandSpec } from '../ingest/core/ingestCommandSpec.ts';
import type { RegisterInfo } from '../schemas/registerInfo.ts';
import type { RegisterManifest } from './registerManifest.ts';
import { beKbo } from './registers/beKbo.ts';
import { chSogc } from './registers/chSogc.ts';
import { chZefix } from './registers/chZefix.ts';
import { cyDrcor } from './registers/cyDrcor.ts';
import { czAres } from './registers/czAres.ts';
import { dkCvr } from './registers/dkCvr.ts';
import { eeAriregister } from './registers/eeAriregister.ts';
import { esBorme } from './registers/esBorme.ts';
import { euCordis } from './registers/euCordis.ts';
import { euFsf } from './registers/euFsf.ts';
import { euPeppol } from './registers/euPeppol.ts';
import { euTed } from './registers/euTed.ts';
import { euVies } from './registers/euVies.ts';
import { fiPrh } from './registers/fiPrh.ts';
import { frBodacc } from './registers/frBodacc.ts';
import { frDecp } from './registers/frDecp.ts';
import { frEgapro } from './registers/frEgapro.ts';
import { frGels } from './registers/frGels.ts';
import { frHatvp } from './registers/frHatvp.ts';
import { frIcpe } from './registers/frIcpe.ts';
import { frInpiPi } from './registers/frInpiPi.ts';
import { frJoafe } from './registers/frJoafe.ts';
import { frJudilibre } from './registers/frJudilibre.ts';
import { frQualiopi } from './registers/frQualiopi.ts';
import { frRatiosInpiBce } from './registers/frRatiosInpiBce.ts';
import { frRge } from './registers/frRge.ts';
import { frRna } from './registers/frRna.ts';
import { frRne } from './registers/frRne.ts';
import { frSirene } from './registers/frSirene.ts';
import { frSiretIdcc } from './registers/frSiretIdcc.ts';
import { gbCompaniesHouse } from './registers/gbCompaniesHouse.ts';
import { gleif } from './registers/gleif.ts';
import { hrSudreg } from './registers/hrSudreg.ts';
import { ieCro } from './registers/ieCro.ts';
import { ltJar } from './registers/ltJar.ts';
import { lvUr } from './registers/lvUr.ts';
import { noBrreg } from './registers/noBrreg.ts';
import { plKrs } from './registers/plKrs.ts';
import { plWhiteList } from './registers/plWhiteList.ts';
import { roOnrc } from './registers/roOnrc.ts';
import { seBolagsverket } from './registers/seBolagsverket.ts';
import { skRpo } from './registers/skRpo.ts';
import { skRuz } from './registers/skRuz.ts';

/**
 * Every register the service reads, one line each, in the order of the dictionary and the catalogue. A new
 * register is its folders (ingest/, projections/, api/routes/, schemas/, app/registers/<stem in camelCase>.ts) plus one line
 * here; everything below, and the read side (readSide.ts), is derived.
 */
export const REGISTER_MANIFESTS: readonly RegisterManifest[] = [
  frSirene,
  frBodacc,
  frRna,
  frJoafe,
  frRatiosInpiBce,
  frEgapro,
  frSiretIdcc,
  frRne,
  frJudilibre,
  frDecp,
  frRge,
  frQualiopi,
  frHatvp,
  frIcpe,
  frGels,
  frInpiPi,
  euVies,
  euPeppol,
  plWhiteList,
  euCordis,
  euTed,
  euFsf,
  noBrreg,
  eeAriregister,
  lvUr,
  czAres,
  fiPrh,
  plKrs,
  skRpo,
  skRuz,
  dkCvr,
  gbCompaniesHouse,
  chZefix,
  chSogc,
  ieCro,
  cyDrcor,
  roOnrc,
  ltJar,
  beKbo,
  seBolagsverket,
  hrSudreg,
  esBorme,
  gleif,
];

/** The register dictionary (GET /v1/provenance/registres). */
export const REGISTERS: readonly RegisterInfo[] = REGISTER_MANIFESTS.flatMap((m) => m.dictionary);

/** `registres ingest <key> …`: one command per key the manifests declare. */
export const INGESTERS: Readonly<Record<string, IngestCommandSpec>> = Object.fromEntries(
  REGISTER_MANIFESTS.flatMap((m) => Object.entries(m.ingest)),
);

/** `registres record <key> …`: one command per key the manifests declare. */
export const RECORDERS: Readonly<Record<string, IngestCommandSpec>> = Object.fromEntries(
  REGISTER_MANIFESTS.flatMap((m) => Object.entries(m.record ?? {})),
);

export function findRegister(code: string): RegisterInfo | undefined {
  return REGISTERS.find((r) => r.code === code);
}
