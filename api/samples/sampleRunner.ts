import type { RequestListener } from 'node:http';
import inject from 'light-my-request';
import type { RouteDefinition } from '../catalogue/route.ts';
import { samplePathOf, sampleRequestOf } from './sampleRequest.ts';

const CONCURRENT_SAMPLES = 4;
/** How long a collection where no sample answered 2xx is kept. */
const EMPTY_KEEP_MS = 30_000;

/** A sample as a client receives it: status, the headers that prove it, and the body as sent. */
export interface SampleAnswer {
  status: number;
  /** `Signature-Input`, `Signature`, `Content-Digest` of a signed answer (absent on a refusal). */
  signature: { signatureInput: string; signature: string; contentDigest: string } | null;
  body: string;
}

/** Runs samples; `examples` keeps the 2xx bodies a while, for the OpenAPI document. */
export interface SampleRunner {
  /** The route's free sample, answered now by the app itself; null when the route has no sample. */
  answer(route: RouteDefinition): Promise<SampleAnswer | null>;
  /**
   * Each sampled route's 2xx body (parsed JSON) by route id, read at most once per `keepMs` (30 s when none
   * answered 2xx).
   */
  examples(routes: readonly RouteDefinition[]): Promise<Map<string, unknown>>;
}

/**
 * Samples answered in-process: the request goes through the whole app (`GET /v1/echantillons/{route}`, its
 * validation, freshness guard, handler and signature) as light-my-request's injected request, never over the
 * network, so a page or a document can show a real answer of this service without knowing its address.
 */
export function createSampleRunner(
  listener: () => RequestListener,
  opts: { keepMs?: number; now?: () => number } = {},
): SampleRunner {
  const keepMs = opts.keepMs ?? 300_000;
  const now = opts.now ?? (() => Date.now());
  let kept: { at: number; keepMs: number; examples: Promise<Map<string, unknown>> } | null = null;

  const answer = async (route: RouteDefinition): Promise<SampleAnswer | null> => {
    if (!sampleRequestOf(route)) return null;
    const res = await inject(listener(), {
      method: 'GET',
      url: samplePathOf(route),
      headers: { accept: 'application/json' },
      remoteAddress: '127.0.0.1',
    });
    const header = (name: string) => {
      const v = res.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const signatureInput = header('signature-input');
    const signature = header('signature');
    const contentDigest = header('content-digest');
    return {
      status: res.statusCode,
      signature:
        signatureInput && signature && contentDigest ? { signatureInput, signature, contentDigest } : null,
      body: res.payload,
    };
  };

  const exampleOf = async (route: RouteDefinition): Promise<unknown> => {
    const sample = await answer(route);
    if (!sample || sample.status < 200 || sample.status >= 300) return undefined;
    try {
      return JSON.parse(sample.body) as unknown;
    } catch {
      return undefined; // not a JSON answer: the document keeps its schema alone for this route
    }
  };

  const collect = async (routes: readonly RouteDefinition[]) => {
    const examples = new Map<string, unknown>();
    // A few at a time: most wait on the database, and the embedded one has a single session anyway.
    for (let i = 0; i < routes.length; i += CONCURRENT_SAMPLES) {
      const batch = routes.slice(i, i + CONCURRENT_SAMPLES);
      const answers = await Promise.all(batch.map(exampleOf));
      batch.forEach((route, j) => {
        if (answers[j] !== undefined) examples.set(route.id, answers[j]);
      });
    }
    return examples;
  };

  return {
    answer,
    examples(routes) {
      if (!kept || now() - kept.at >= kept.keepMs) {
        const examples = collect(routes);
        const entry = { at: now(), keepMs, examples };
        kept = entry;
        // No sample answered (a service just started, its database not reached yet): asked again soon.
        examples.then(
          (found) => {
            if (found.size === 0) entry.keepMs = EMPTY_KEEP_MS;
          },
          () => {
            kept = null;
          },
        );
      }
      return kept.examples;
    },
  };
}
