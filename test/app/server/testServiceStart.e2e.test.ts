import { expect } from 'chai';
import { REGISTERS } from '../../../app/registers.ts';
import { freshDatabase } from '../../support/database.ts';
import { startTestService } from '../../support/service.ts';
import { WIDGETS, widgetRoute, widgetsProjection } from '../../support/widgetRegister.ts';

// A test service that fails to start must leave no fresh database open: freshDatabase refuses a second one,
// so a leak would fail every suite after it and hide the first failure.
describe('A test service that fails to start', () => {
  // The same projection twice: the service refuses to compose (its migrations, then its name, used twice).
  const broken = {
    projections: [widgetsProjection, widgetsProjection],
    routes: [widgetRoute],
    registers: [...REGISTERS, WIDGETS],
    payment: false as const,
  };

  it('closes the fresh database it opened, and the next one opens', async () => {
    let failure: unknown;
    await startTestService(broken).catch((err: unknown) => {
      failure = err;
    });
    expect(String(failure)).to.contain('used twice');
    const next = await freshDatabase();
    await next.close();
  });

  it('closes a database it was given, as stopping it would', async () => {
    const db = await freshDatabase();
    let failure: unknown;
    await startTestService({ ...broken, db }).catch((err: unknown) => {
      failure = err;
    });
    expect(String(failure)).to.contain('used twice');
    const next = await freshDatabase();
    await next.close();
  });
});
