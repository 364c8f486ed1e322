import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { checkHeader } from '../../../ingest/core/filesPass.ts';
import { emptyCordisSetAside, readCordisOrganizations } from '../../../ingest/eu-cordis/readEuCordisFiles.ts';
import {
  ORGANIZATION_KNOWN_COLUMNS,
  ORGANIZATION_OLD_H2020_COLUMNS,
  ORGANIZATION_REQUIRED_COLUMNS,
  PARTICIPATION_KEPT_COLUMNS,
} from '../../../schemas/events/euCordisEvents.ts';

describe('CORDIS organization.csv headers', () => {
  it('never keeps a contact person’s column, nor an address', () => {
    const kept: readonly string[] = PARTICIPATION_KEPT_COLUMNS;
    expect(kept.filter((c) => /^contact|street|postCode|city|geolocation|URL|Url/.test(c))).to.deep.equal([]);
  });

  it('accepts the older H2020 layout (organisation id in `id`, contact person columns) as known', async () => {
    expect(
      checkHeader('h2020-organization', [...ORGANIZATION_OLD_H2020_COLUMNS], {
        required: ORGANIZATION_REQUIRED_COLUMNS,
        known: ORGANIZATION_KNOWN_COLUMNS,
      }),
    ).to.deep.equal([]);
    const dir = await mkdtemp(path.join(tmpdir(), 'cordis-header-'));
    try {
      const file = path.join(dir, 'organization.csv');
      await writeFile(file, `${ORGANIZATION_OLD_H2020_COLUMNS.join(';')}\n`);
      const rows = [];
      for await (const row of readCordisOrganizations(file, () => {}, emptyCordisSetAside())) rows.push(row);
      expect(rows).to.deep.equal([]);
      await writeFile(file, '"projectID";"vatNumber";"role";"ecContribution"\n');
      const failure = await (async () => {
        for await (const _ of readCordisOrganizations(file, () => {}, emptyCordisSetAside())) {
        }
      })().then(
        () => null,
        (e: Error) => e,
      );
      expect(failure?.message).to.match(/no organisationID or id column/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
