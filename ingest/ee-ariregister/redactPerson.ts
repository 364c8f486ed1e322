/** Fields that identify or locate a natural person: never kept (see ariregisterEvents.ts). */
const PERSONAL_FIELDS = [
  'isikukood_registrikood',
  'isikukood',
  'isikukood_hash',
  'synniaeg',
  'email',
  'valis_kood',
];

const isAddressField = (k: string) => k.startsWith('aadress_') || k.startsWith('adress_');

/**
 * A person row of the officers or shareholders file without what identifies a natural person. Legal persons
 * (`isiku_tyyp` J) are kept whole. `dropName` also removes a natural person's names (shareholders).
 */
export function redactPerson(
  person: Record<string, unknown>,
  opts: { dropName: boolean },
): Record<string, unknown> {
  if (person.isiku_tyyp !== 'F') return person;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(person)) {
    if (PERSONAL_FIELDS.includes(k) || isAddressField(k)) continue;
    if (opts.dropName && (k === 'eesnimi' || k === 'nimi_arinimi')) continue;
    out[k] = v;
  }
  return out;
}
