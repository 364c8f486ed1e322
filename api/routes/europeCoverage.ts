import type { EuLocalCopy } from '../../projections/eu-profile/euLocalCopy.ts';
import type { CountryScope } from '../../projections/eu-profile/searchProfiles.ts';
import type { EuLiveRegister } from '../../schemas/europe/euLiveRegister.ts';
import type { RouteDefinition } from '../catalogue/route.ts';

/**
 * Countries the worldwide LEI copy never answers for: France has its own routes (/v1/entreprise/{siren});
 * Germany and the Netherlands are out of scope of the European routes (contract, "What the service does").
 */
const WORLD_EXCLUDED: readonly string[] = ['FR', 'DE', 'NL'];

/** What the European routes cover: the local copies and live registers, and which answers for a country. */
export type EuropeCoverage = ReturnType<typeof europeCoverage>;

/**
 * The countries the register manifests declare (app/registers/), and every text that names them: the local
 * copies (national ones, and the worldwide LEI copy for countries no national register covers) and the live
 * registers.
 */
export function europeCoverage(copies: readonly EuLocalCopy[], live: readonly EuLiveRegister[]) {
  const national = copies.filter((c) => !c.worldwide);
  const world = copies.find((c) => c.worldwide);
  const nationalPays = new Set([...national, ...live].map((c) => c.pays));
  const WORLD_TEXT = world ? ' ; autres pays : entités LEI (GLEIF), par LEI' : '';
  const PAYS_LIST = `${[...national, ...live].map((c) => c.pays).join(', ')}${WORLD_TEXT}`;
  const SOURCES_TEXT = `${national.map((c) => c.pays).join(', ')} depuis les copies locales${live.length ? `, ${live.map((l) => l.pays).join(', ')} en direct` : ''}${WORLD_TEXT}`;
  /** A country the worldwide copy answers for: no national register covers it, and it is in its scope. */
  const worldServes = (pays: string) =>
    world !== undefined && !nationalPays.has(pays) && !WORLD_EXCLUDED.includes(pays);
  const localCopyOf = (pays: string) => {
    const p = pays.toUpperCase();
    return national.find((c) => c.pays === p) ?? (worldServes(p) ? world : undefined);
  };
  const liveOf = (pays: string) => live.find((l) => l.pays === pays.toUpperCase());
  /** What answers for a country: its local copy (national, or the worldwide one) or its live register. */
  const coveredBy = (pays: string) => localCopyOf(pays) ?? liveOf(pays);
  /** The copies a search reads: each national one of the country asked (all without one), and the worldwide copy. */
  const searchedCopies = (pays: string | null) =>
    copies.filter((c) =>
      c.worldwide ? pays === null || worldServes(pays) : pays === null || c.pays === pays,
    );
  /** The worldwide copy's matches stay in their own countries: none from a country a national register covers. */
  const worldScope = (pays: string | null): CountryScope =>
    pays === null ? { except: [...nationalPays, ...WORLD_EXCLUDED] } : { only: pays };

  /** 400 `pays_non_couvert` or `parametre_invalide` for an identifier that is not the country's format. */
  function checkCountryAndId(
    params: Record<string, unknown>,
  ): ReturnType<NonNullable<RouteDefinition['paramsCheck']>> {
    const copy = coveredBy(String(params.pays));
    if (!copy) {
      return {
        error: 'pays_non_couvert',
        champ: 'pays',
        message: `Pays non couvert par cette route ; couverts : ${PAYS_LIST}. / Country not covered; covered: ${PAYS_LIST}.`,
      };
    }
    const id = copy.canonicalId ? copy.canonicalId(String(params.id)) : String(params.id);
    if (!copy.idPattern.test(id) || ('idCheck' in copy && copy.idCheck && !copy.idCheck(id))) {
      const pays = String(params.pays).toUpperCase();
      return { error: 'parametre_invalide', champ: 'id', message: `${pays} : ${copy.idDescription}.` };
    }
    return null;
  }
  return {
    copies,
    live,
    /** Every register the European routes read, and the read models of the local copies. */
    registers: [...copies.map((c) => c.register), ...live.map((l) => l.register)],
    projections: copies.map((c) => c.projection),
    national,
    world,
    PAYS_LIST,
    SOURCES_TEXT,
    localCopyOf,
    liveOf,
    coveredBy,
    searchedCopies,
    worldScope,
    checkCountryAndId,
  };
}
