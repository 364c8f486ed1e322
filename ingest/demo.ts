import type { DemoSeeder } from './core/demoSeeder.ts';
import { ariregisterDemo } from './ee-ariregister/ariregisterDemo.ts';
import { urDemo } from './lv-ur/urDemo.ts';
import { brregDemo } from './no-brreg/brregDemo.ts';

/** Demo datasets, one per register folder that ships one; run in this order by `serve` on an empty register. */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [brregDemo, ariregisterDemo, urDemo];
