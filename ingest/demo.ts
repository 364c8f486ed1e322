import type { DemoSeeder } from './core/demoSeeder.ts';
import { ariregisterDemo } from './ee-ariregister/ariregisterDemo.ts';
import { bodaccDemoSeeder } from './fr-bodacc/bodaccDemo.ts';
import { ratiosDemoSeeder } from './fr-comptes/ratiosDemo.ts';
import { joafeDemoSeeder } from './fr-joafe/joafeDemo.ts';
import { rnaDemoSeeder } from './fr-rna/rnaDemo.ts';
import { sireneDemoSeeder } from './fr-sirene/sireneDemo.ts';
import { urDemo } from './lv-ur/urDemo.ts';
import { brregDemo } from './no-brreg/brregDemo.ts';

/** Demo datasets, one per register folder that ships one; run in this order by `serve` on an empty register. */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [
  sireneDemoSeeder(),
  ratiosDemoSeeder,
  bodaccDemoSeeder,
  rnaDemoSeeder,
  joafeDemoSeeder,
  brregDemo,
  ariregisterDemo,
  urDemo,
];
