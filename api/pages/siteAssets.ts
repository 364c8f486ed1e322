import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Router from '@koa/router';
import type { AppMiddleware, AppState } from '../state.ts';
import { IMMUTABLE_CACHE_CONTROL } from './scalarBundle.ts';
import { SITE_CSS } from './siteStyle.ts';

export const ASSETS_PATH = '/assets';

/** One stylesheet the pages link to: its path (which names its version) and its bytes. */
interface Stylesheet {
  path: string;
  css: Buffer;
}

/**
 * Pico CSS (npm `@picocss/pico`, MIT), as installed with the service: the pages' one CSS library, served from
 * our own origin under a name that carries its version. Null when the package is missing: the pages are then
 * served unstyled, with our own sheet only.
 */
function picoStylesheet(): Stylesheet | null {
  try {
    const require = createRequire(import.meta.url);
    const { version } = JSON.parse(readFileSync(require.resolve('@picocss/pico/package.json'), 'utf8')) as {
      version: string;
    };
    const css = readFileSync(require.resolve('@picocss/pico/css/pico.min.css'));
    return { path: `${ASSETS_PATH}/pico-${version.replace(/[^0-9A-Za-z.-]/g, '_')}.min.css`, css };
  } catch {
    return null;
  }
}

/** Our additions (siteStyle.ts), named by their digest: a change is a new URL. */
function siteStylesheet(): Stylesheet {
  const css = Buffer.from(SITE_CSS, 'utf8');
  const digest = createHash('sha256').update(css).digest('hex').slice(0, 12);
  return { path: `${ASSETS_PATH}/registres-${digest}.css`, css };
}

const STYLESHEETS: readonly Stylesheet[] = [picoStylesheet(), siteStylesheet()].filter(
  (s): s is Stylesheet => s !== null,
);

/** The `<link>` elements every page puts in its head, Pico first. */
export function stylesheetLinks(): string {
  return STYLESHEETS.map((s) => `<link rel="stylesheet" href="${s.path}">`).join('\n');
}

/** What the browser may load for a page of ours without script: styles and images from this origin only. */
export function pagePolicy(extra: { formAction?: string } = {}): string[] {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    `form-action ${extra.formAction ?? "'none'"}`,
    "frame-ancestors 'none'",
  ];
}

function serveStylesheet(sheet: Stylesheet): AppMiddleware {
  const etag = `"${createHash('sha256').update(sheet.css).digest('base64url').slice(0, 22)}"`;
  return async function stylesheet(ctx) {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.etag = etag;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = sheet.css;
  };
}

/** `GET /assets/…`: the stylesheets, immutable under their versioned names (compressed by the app). */
export function registerSiteAssets(router: Router<AppState>): void {
  for (const sheet of STYLESHEETS) router.get(sheet.path, serveStylesheet(sheet));
}
