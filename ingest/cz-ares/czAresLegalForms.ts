/** The forms of natural persons (sole traders and their branches): the profile never serves them. */
const NATURAL_PERSON_FORMS: Readonly<Record<string, string>> = {
  '100': 'Podnikající fyzická osoba tuzemská',
  '101': 'Fyzická osoba podnikající dle živnostenského zákona',
  '424': 'Zahraniční fyzická osoba',
  '425': 'Odštěpný závod zahraniční fyzické osoby',
};

/** Every other listed form is a legal person's. */
const LEGAL_PERSON_FORMS: Readonly<Record<string, string>> = {
  '111': 'Veřejná obchodní společnost',
  '112': 'Společnost s ručením omezeným',
  '113': 'Společnost komanditní',
  '117': 'Nadace',
  '118': 'Nadační fond',
  '121': 'Akciová společnost',
  '141': 'Obecně prospěšná společnost',
  '145': 'Společenství vlastníků jednotek',
  '151': 'Komoditní burza',
  '152': 'Garanční fond obchodníků s cennými papíry',
  '161': 'Ústav',
  '205': 'Družstvo',
  '301': 'Státní podnik',
  '302': 'Národní podnik',
  '313': 'Česká národní banka',
  '325': 'Organizační složka státu',
  '326': 'Stálý rozhodčí soud',
  '331': 'Příspěvková organizace zřízená územním samosprávným celkem',
  '332': 'Státní příspěvková organizace',
  '352': 'Správa železniční dopravní cesty, státní organizace',
  '353': 'Rada pro veřejný dohled nad auditem',
  '361': 'Veřejnoprávní instituce',
  '362': 'Česká tisková kancelář',
  '381': 'Státní fond ze zákona',
  '382': 'Státní fond ze zákona nezapisující se do obchodního rejstříku',
  '391': 'Zdravotní pojišťovna (mimo VZP)',
  '392': 'Všeobecná zdravotní pojišťovna',
  '421': 'Odštěpný závod zahraniční právnické osoby',
  '422': 'Organizační složka zahraničního nadačního fondu',
  '423': 'Organizační složka zahraniční nadace',
  '426': 'Zastoupení zahraniční banky',
  '501': 'Odštěpný závod',
  '521': 'Samostatná drobná provozovna (obecního úřadu)',
  '525': 'Vnitřní organizační jednotka organizační složky státu',
  '601': 'Vysoká škola (veřejná, státní)',
  '641': 'Školská právnická osoba',
  '661': 'Veřejná výzkumná instituce',
  '704': 'Zvláštní organizace pro zastoupení českých zájmů v mezinárodních nevládních organizacích',
  '706': 'Spolek',
  '707': 'Odborová organizace',
  '708': 'Organizace zaměstnavatelů',
  '711': 'Politická strana, politické hnutí',
  '721': 'Církve a náboženské společnosti',
  '722': 'Evidované církevní právnické osoby',
  '723': 'Svazy církví a náboženských společností',
  '734':
    'Organizační jednotka zvláštní organizace pro zastoupení českých zájmů v mezinárodních nevládních organizacích',
  '736': 'Pobočný spolek',
  '741': 'Samosprávná stavovská organizace (profesní komora)',
  '745': 'Komora (hospodářská, agrární)',
  '751': 'Zájmové sdružení právnických osob',
  '761': 'Honební společenstvo',
  '771': 'Dobrovolný svazek obcí',
  '801': 'Obec',
  '804': 'Kraj',
  '805': 'Regionální rada regionu soudržnosti',
  '811': 'Městská část, městský obvod',
  '906': 'Zahraniční spolek',
  '907': 'Mezinárodní odborová organizace',
  '908': 'Mezinárodní organizace zaměstnavatelů',
  '921': 'Mezinárodní nevládní organizace',
  '922': 'Organizační jednotka mezinárodní nevládní organizace',
  '931': 'Evropské hospodářské zájmové sdružení',
  '932': 'Evropská společnost',
  '933': 'Evropská družstevní společnost',
  '936': 'Zahraniční pobočný spolek',
  '941': 'Evropské seskupení pro územní spolupráci',
  '951': 'Mezinárodní vojenská organizace vzniklá na základě mezinárodní smlouvy',
  '960': 'Právnická osoba zřízená zvláštním zákonem zapisovaná do veřejného rejstříku',
  '961': 'Svěřenský fond',
  '962': 'Zahraniční svěřenský fond',
};

/**
 * Legal forms of the Czech statistical register (ROS, ČSÚ code list "PravniForma"), as ARES gives them in
 * `pravniForma`: whether the form is a legal person (`morale`) or a natural person (`physique`). A code not
 * listed here is not guessed: the profile answers `forme_juridique_non_servie`. Source:
 * ingest/cz-ares/live/SOURCE.txt.
 */
export const CZ_ARES_LEGAL_FORMS: Readonly<
  Record<string, { libelle: string; personne: 'morale' | 'physique' }>
> = Object.fromEntries([
  ...Object.entries(NATURAL_PERSON_FORMS).map(([code, libelle]) => [code, { libelle, personne: 'physique' }]),
  ...Object.entries(LEGAL_PERSON_FORMS).map(([code, libelle]) => [code, { libelle, personne: 'morale' }]),
]);
