/**
 * `type` of a Swiss commercial-register publication, from its transaction (sub-rubric HR01, HR02, HR03):
 * `inscription` (new entry), `modification` (change), `radiation` (deletion).
 */
export const CH_SOGC_TYPES = ['inscription', 'modification', 'radiation'] as const;

/**
 * `changements[]` of a change publication (HR02), from the gazette's structured flags
 * (`transaction.update.changements`):
 * - `raison_sociale` (`nameChanged`), `siege` (`seatChanged`), `adresse` (`addressChanged`), `but`
 *   (`purposeChanged`), `capital` (any of `capitalChanged`), `forme_juridique` (`legalStatusChanged`);
 * - `faillite`: any of `statusChanged.bankruptcy` (dissolution by bankruptcy, its suspension, revocation,
 *   cancellation or summary proceedings);
 * - `liquidation`: any of `statusChanged.liquidation` (dissolution, including under art. 731b CO or art. 153b
 *   HRegV, and its revocation);
 * - `autres`: anything else flagged (`others`, `uidChanged`, `statusChanged.suspension`, `reentry`,
 *   `reapplication`), which includes changes to the persons entered.
 */
export const CH_SOGC_CHANGEMENTS = [
  'raison_sociale',
  'siege',
  'adresse',
  'but',
  'capital',
  'forme_juridique',
  'faillite',
  'liquidation',
  'autres',
] as const;

/**
 * `famille` of an insolvency-related publication: `faillite` (rubric KK, bankruptcies, or a register change
 * flagging a bankruptcy), `concordat` (rubric NA, composition proceedings), `liquidation` (rubric LS, calls to
 * creditors in a liquidation, or a register change flagging one).
 */
export const CH_SOGC_FAMILLES = ['faillite', 'concordat', 'liquidation'] as const;

/** The gazette's rubrics of insolvency-related publications, by `famille`. */
export const CH_SOGC_INSOLVENCY_RUBRICS = { KK: 'faillite', NA: 'concordat', LS: 'liquidation' } as const;

export type ChSogcType = (typeof CH_SOGC_TYPES)[number];
export type ChSogcChangement = (typeof CH_SOGC_CHANGEMENTS)[number];
export type ChSogcFamille = (typeof CH_SOGC_FAMILLES)[number];

/** The first day of the gazette's online archive: an absence of publication goes no further back. */
export const CH_SOGC_ARCHIVE_START = '2018-07-01';
