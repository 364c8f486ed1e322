import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppMiddleware } from '../state.ts';

export interface ProjectionLag {
  name: string;
  lag: bigint;
}

export interface Metrics {
  registry: Registry;
  middleware: AppMiddleware;
}

/** Prometheus metrics: requests by route and status, latency, projection lag (read at scrape time). */
export function createMetrics(opts: {
  projectionLag: () => Promise<ProjectionLag[]>;
  /** The live registers' circuit breakers, by register code. */
  liveCircuits?: () => { register: string; circuit: 'closed' | 'open' | 'half-open' }[];
  defaultMetrics?: boolean;
}): Metrics {
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'registres_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'registres_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  new Gauge({
    name: 'registres_projection_lag_events',
    help: 'Events in the log not yet applied, per projection',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const p of await opts.projectionLag()) this.set({ projection: p.name }, Number(p.lag));
      } catch {
        // database down: the gauge stays empty; /health says why
      }
    },
  });

  new Gauge({
    name: 'registres_live_circuit_open',
    help: 'Live registers whose circuit breaker refuses calls (1 open, 0.5 half-open, 0 closed)',
    labelNames: ['registre'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const c of opts.liveCircuits?.() ?? []) {
        this.set({ registre: c.register }, c.circuit === 'open' ? 1 : c.circuit === 'half-open' ? 0.5 : 0);
      }
    },
  });

  const middleware: AppMiddleware = async function metricsMiddleware(ctx, next) {
    const end = latency.startTimer();
    try {
      await next();
    } finally {
      const route =
        ctx.state.route?.id ??
        (ctx.path === '/health' || ctx.path === '/metrics' ? ctx.path.slice(1) : 'aucune');
      end({ route });
      requests.inc({ route, status: String(ctx.status) });
    }
  };
  return { registry, middleware };
}
