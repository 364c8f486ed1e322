import proj4 from 'proj4';

export interface Wgs84Point {
  latitude: number;
  longitude: number;
}

/**
 * Sirene gives each establishment's position in the legal projection of its territory (décret 2006-272
 * as amended): Lambert-93 in metropolitan France and Corsica, UTM on the local RGF93-compatible frame
 * overseas. Each frame is, to the metre, WGS84, so only the projection is undone. Territories with no
 * known legal projection (collectivities of the Pacific) give no coordinates rather than a guess.
 */
const GRS80_UTM = (zone: string) =>
  `+proj=utm +zone=${zone} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
const PROJECTIONS = {
  lambert93:
    '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  /** Guadeloupe, Martinique, Saint-Barthélemy, Saint-Martin: RGAF09 / UTM 20N (EPSG:5490). */
  utm20n: GRS80_UTM('20'),
  /** Saint-Pierre-et-Miquelon: RGSPM06 / UTM 21N (EPSG:4467). */
  utm21n: GRS80_UTM('21'),
  /** Guyane: RGFG95 / UTM 22N (EPSG:2972). */
  utm22n: GRS80_UTM('22'),
  /** Mayotte: RGM04 / UTM 38S (EPSG:4471). */
  utm38s: GRS80_UTM('38 +south'),
  /** La Réunion: RGR92 / UTM 40S (EPSG:2975). */
  utm40s: GRS80_UTM('40 +south'),
} as const;

type Projection = keyof typeof PROJECTIONS;

const OVERSEAS: Record<string, Projection> = {
  '971': 'utm20n',
  '972': 'utm20n',
  '973': 'utm22n',
  '974': 'utm40s',
  '975': 'utm21n',
  '976': 'utm38s',
  '977': 'utm20n',
  '978': 'utm20n',
};

const converters = new Map<Projection, proj4.Converter>();
function converter(p: Projection): proj4.Converter {
  let c = converters.get(p);
  if (!c) {
    c = proj4(PROJECTIONS[p], 'WGS84');
    converters.set(p, c);
  }
  return c;
}

/** The projection of the territory of a commune code (COG), or null when none is known. */
export function projectionOfCommune(codeCommune: string | null): Projection | null {
  if (!codeCommune || !/^(\d{5}|2[AB]\d{3})$/.test(codeCommune)) return null;
  const dept3 = codeCommune.slice(0, 3);
  if (dept3 in OVERSEAS) return OVERSEAS[dept3]!;
  if (codeCommune.startsWith('98') || codeCommune.startsWith('97')) return null;
  return 'lambert93';
}

/** WGS84 latitude and longitude (6 decimals, about 0.1 m) of a Sirene position, or null when unusable. */
export function sireneToWgs84(
  x: number | null,
  y: number | null,
  codeCommune: string | null,
): Wgs84Point | null {
  if (x === null || y === null || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  const projection = projectionOfCommune(codeCommune);
  if (!projection) return null;
  const [longitude, latitude] = converter(projection).forward([x, y]) as [number, number];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude: round6(latitude), longitude: round6(longitude) };
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
