import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ApiError } from '../errors/apiError.ts';
import type { AppMiddleware } from '../state.ts';

const PACKAGE = '@scalar/api-reference';

/** Scalar's API reference as one browser script, as installed with the service (never fetched from a CDN). */
export interface ScalarBundle {
  /** Absolute path of the package's `dist/browser/standalone.js`. */
  file: string;
  /** The package version: it names the asset, so a new version is a new URL and the old one may be kept a year. */
  version: string;
}

/** Where the installed package keeps its standalone bundle; null when the package cannot be found. */
export function locateScalarBundle(): ScalarBundle | null {
  try {
    // The package exports its ES entry only (dist/index.js); its root is the folder of its package.json.
    let dir = path.dirname(createRequire(import.meta.url).resolve(PACKAGE));
    for (;;) {
      const manifest = path.join(dir, 'package.json');
      try {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
        if (pkg.name === PACKAGE && typeof pkg.version === 'string') {
          return { file: path.join(dir, 'dist', 'browser', 'standalone.js'), version: pkg.version };
        }
      } catch {
        // no package.json here: look one folder up
      }
      const parent = path.dirname(dir);
      if (parent === dir) return null;
      dir = parent;
    }
  } catch {
    return null;
  }
}

/** The asset's file name under /docs/assets/: the version in it, restricted to characters safe in a path. */
export function scalarAssetName(bundle: ScalarBundle): string {
  return `scalar-api-reference-${bundle.version.replace(/[^0-9A-Za-z.-]/g, '_')}.js`;
}

/** A versioned asset never changes under its name: browsers and shared caches keep it a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What a browser is told when the package or its bundle is missing from the installation. */
export function docsNotInstalled(): ApiError {
  return new ApiError(
    503,
    'incident_interne',
    `Documentation interactive indisponible : le paquet ${PACKAGE} (dist/browser/standalone.js) n’est pas installé ; /openapi.json reste servi. / Interactive reference unavailable: ${PACKAGE} is not installed; /openapi.json is still served.`,
    { headers: { 'Retry-After': '3600' } },
  );
}

type Encoding = 'identity' | 'gzip' | 'br';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Serves the bundle (4 MB, about 1 MB compressed): read once, compressed once per encoding (on zlib's thread
 * pool, on first demand), then answered from memory with an immutable cache header. The global compression
 * is off for it: the bytes are already compressed. A file missing or unreadable answers 503, and is read
 * again on the next request.
 */
export function scalarAsset(bundle: ScalarBundle): AppMiddleware {
  const variants = new Map<Encoding, Promise<Buffer>>();
  const variant = (encoding: Encoding): Promise<Buffer> => {
    let bytes = variants.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'identity'
          ? readFile(bundle.file)
          : variant('identity').then((raw) =>
              encoding === 'gzip'
                ? gzip(raw, { level: 9 })
                : brotli(raw, {
                    params: {
                      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                    },
                  }),
            );
      variants.set(encoding, bytes);
      bytes.catch(() => variants.delete(encoding));
    }
    return bytes;
  };
  return async function scalarAssetMiddleware(ctx) {
    const accepted = ctx.acceptsEncodings('br', 'gzip', 'identity');
    const encoding: Encoding = accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
    let body: Buffer;
    try {
      body = await variant(encoding);
    } catch {
      throw docsNotInstalled();
    }
    ctx.compress = false;
    ctx.vary('Accept-Encoding');
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.etag = `"scalar-${bundle.version}-${encoding}"`;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    ctx.body = body;
  };
}
