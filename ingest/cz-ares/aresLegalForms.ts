/**
 * Legal forms of the Czech statistical register (ROS, ČSÚ code list "PravniForma"), as ARES gives them in
 * `pravniForma`: whether the form is a legal person (`morale`) or a natural person (`physique`). A code not
 * listed here is not guessed: the profile answers `forme_juridique_non_servie`. Source: ingest/cz-ares/SOURCE.txt.
 */
export const ARES_LEGAL_FORMS: Readonly<
  Record<string, { libelle: string; personne: 'morale' | 'physique' }>
> = {
  '100': { libelle: 'Podnikající fyzická osoba tuzemská', personne: 'physique' },
  '101': { libelle: 'Fyzická osoba podnikající dle živnostenského zákona', personne: 'physique' },
  '111': { libelle: 'Veřejná obchodní společnost', personne: 'morale' },
  '112': { libelle: 'Společnost s ručením omezeným', personne: 'morale' },
  '113': { libelle: 'Společnost komanditní', personne: 'morale' },
  '117': { libelle: 'Nadace', personne: 'morale' },
  '118': { libelle: 'Nadační fond', personne: 'morale' },
  '121': { libelle: 'Akciová společnost', personne: 'morale' },
  '141': { libelle: 'Obecně prospěšná společnost', personne: 'morale' },
  '145': { libelle: 'Společenství vlastníků jednotek', personne: 'morale' },
  '151': { libelle: 'Komoditní burza', personne: 'morale' },
  '152': { libelle: 'Garanční fond obchodníků s cennými papíry', personne: 'morale' },
  '161': { libelle: 'Ústav', personne: 'morale' },
  '205': { libelle: 'Družstvo', personne: 'morale' },
  '301': { libelle: 'Státní podnik', personne: 'morale' },
  '302': { libelle: 'Národní podnik', personne: 'morale' },
  '313': { libelle: 'Česká národní banka', personne: 'morale' },
  '325': { libelle: 'Organizační složka státu', personne: 'morale' },
  '326': { libelle: 'Stálý rozhodčí soud', personne: 'morale' },
  '331': { libelle: 'Příspěvková organizace zřízená územním samosprávným celkem', personne: 'morale' },
  '332': { libelle: 'Státní příspěvková organizace', personne: 'morale' },
  '352': { libelle: 'Správa železniční dopravní cesty, státní organizace', personne: 'morale' },
  '353': { libelle: 'Rada pro veřejný dohled nad auditem', personne: 'morale' },
  '361': { libelle: 'Veřejnoprávní instituce', personne: 'morale' },
  '362': { libelle: 'Česká tisková kancelář', personne: 'morale' },
  '381': { libelle: 'Státní fond ze zákona', personne: 'morale' },
  '382': { libelle: 'Státní fond ze zákona nezapisující se do obchodního rejstříku', personne: 'morale' },
  '391': { libelle: 'Zdravotní pojišťovna (mimo VZP)', personne: 'morale' },
  '392': { libelle: 'Všeobecná zdravotní pojišťovna', personne: 'morale' },
  '421': { libelle: 'Odštěpný závod zahraniční právnické osoby', personne: 'morale' },
  '422': { libelle: 'Organizační složka zahraničního nadačního fondu', personne: 'morale' },
  '423': { libelle: 'Organizační složka zahraniční nadace', personne: 'morale' },
  '424': { libelle: 'Zahraniční fyzická osoba', personne: 'physique' },
  '425': { libelle: 'Odštěpný závod zahraniční fyzické osoby', personne: 'physique' },
  '426': { libelle: 'Zastoupení zahraniční banky', personne: 'morale' },
  '501': { libelle: 'Odštěpný závod', personne: 'morale' },
  '521': { libelle: 'Samostatná drobná provozovna (obecního úřadu)', personne: 'morale' },
  '525': { libelle: 'Vnitřní organizační jednotka organizační složky státu', personne: 'morale' },
  '601': { libelle: 'Vysoká škola (veřejná, státní)', personne: 'morale' },
  '641': { libelle: 'Školská právnická osoba', personne: 'morale' },
  '661': { libelle: 'Veřejná výzkumná instituce', personne: 'morale' },
  '704': {
    libelle: 'Zvláštní organizace pro zastoupení českých zájmů v mezinárodních nevládních organizacích',
    personne: 'morale',
  },
  '706': { libelle: 'Spolek', personne: 'morale' },
  '707': { libelle: 'Odborová organizace', personne: 'morale' },
  '708': { libelle: 'Organizace zaměstnavatelů', personne: 'morale' },
  '711': { libelle: 'Politická strana, politické hnutí', personne: 'morale' },
  '721': { libelle: 'Církve a náboženské společnosti', personne: 'morale' },
  '722': { libelle: 'Evidované církevní právnické osoby', personne: 'morale' },
  '723': { libelle: 'Svazy církví a náboženských společností', personne: 'morale' },
  '734': {
    libelle:
      'Organizační jednotka zvláštní organizace pro zastoupení českých zájmů v mezinárodních nevládních organizacích',
    personne: 'morale',
  },
  '736': { libelle: 'Pobočný spolek', personne: 'morale' },
  '741': { libelle: 'Samosprávná stavovská organizace (profesní komora)', personne: 'morale' },
  '745': { libelle: 'Komora (hospodářská, agrární)', personne: 'morale' },
  '751': { libelle: 'Zájmové sdružení právnických osob', personne: 'morale' },
  '761': { libelle: 'Honební společenstvo', personne: 'morale' },
  '771': { libelle: 'Dobrovolný svazek obcí', personne: 'morale' },
  '801': { libelle: 'Obec', personne: 'morale' },
  '804': { libelle: 'Kraj', personne: 'morale' },
  '805': { libelle: 'Regionální rada regionu soudržnosti', personne: 'morale' },
  '811': { libelle: 'Městská část, městský obvod', personne: 'morale' },
  '906': { libelle: 'Zahraniční spolek', personne: 'morale' },
  '907': { libelle: 'Mezinárodní odborová organizace', personne: 'morale' },
  '908': { libelle: 'Mezinárodní organizace zaměstnavatelů', personne: 'morale' },
  '921': { libelle: 'Mezinárodní nevládní organizace', personne: 'morale' },
  '922': { libelle: 'Organizační jednotka mezinárodní nevládní organizace', personne: 'morale' },
  '931': { libelle: 'Evropské hospodářské zájmové sdružení', personne: 'morale' },
  '932': { libelle: 'Evropská společnost', personne: 'morale' },
  '933': { libelle: 'Evropská družstevní společnost', personne: 'morale' },
  '936': { libelle: 'Zahraniční pobočný spolek', personne: 'morale' },
  '941': { libelle: 'Evropské seskupení pro územní spolupráci', personne: 'morale' },
  '951': {
    libelle: 'Mezinárodní vojenská organizace vzniklá na základě mezinárodní smlouvy',
    personne: 'morale',
  },
  '960': {
    libelle: 'Právnická osoba zřízená zvláštním zákonem zapisovaná do veřejného rejstříku',
    personne: 'morale',
  },
  '961': { libelle: 'Svěřenský fond', personne: 'morale' },
  '962': { libelle: 'Zahraniční svěřenský fond', personne: 'morale' },
};

/** IČO: 8 digits whose last is the check digit (weights 8…2 on the first seven, modulo 11). */
export function isValidIco(ico: string): boolean {
  if (!/^\d{8}$/.test(ico)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(ico[i]) * (8 - i);
  return (11 - (sum % 11)) % 10 === Number(ico[7]);
}
