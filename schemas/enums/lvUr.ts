/**
 * `type` of a Latvian legal event, a closed list:
 * - `cessation_activite`: liquidation (winding up) of the company;
 * - `suspension_activite`: economic activity suspended by an authority;
 * - `interdiction`: a prohibition (e.g. of registering a commercial pledge);
 * - `saisie`: an attachment (arrest) of property or shares;
 * - `mesure_conservatoire`: any other securing measure;
 * - reorganisations: `fusion_absorption` (ACQUISITION, merger by absorption), `fusion` (MERGER, merger into a
 *   new company), `scission` (DIVISION), `scission_partielle` (SEPARATION, a part split off, the source
 *   company continues), `transformation` (TRANSFORMATION), `reorganisation` (any other code).
 * Derived from the file the row comes from and its published label or code (Latvian `aizliegums` =
 * prohibition, `arests` = attachment); the register's own code and label stay in `type_source` and
 * `libelle_source`.
 */
export const LV_EVENT_TYPES = [
  'cessation_activite',
  'suspension_activite',
  'interdiction',
  'saisie',
  'mesure_conservatoire',
  'fusion_absorption',
  'fusion',
  'scission',
  'scission_partielle',
  'transformation',
  'reorganisation',
] as const;

/**
 * `role` of the company in the event: `objet` (the company the event is about), or in a reorganisation its
 * side: the source company (`absorbee`, `fusionnee`, `scindee`, `transformee`, `source`) or the final one
 * (`absorbante`, `issue_de_fusion`, `beneficiaire`, `issue_de_transformation`); the other company's number
 * is in `societe_liee`.
 */
export const LV_EVENT_ROLES = [
  'objet',
  'absorbee',
  'absorbante',
  'fusionnee',
  'issue_de_fusion',
  'scindee',
  'beneficiaire',
  'transformee',
  'issue_de_transformation',
  'source',
] as const;
