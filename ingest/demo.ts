import type { DemoSeeder } from './core/demoSeeder.ts';
import { ratiosDemoSeeder } from './fr-comptes/ratiosDemo.ts';

/** Demo datasets, one per register folder that ships one; run in this order by `serve` on an empty register. */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [ratiosDemoSeeder];
