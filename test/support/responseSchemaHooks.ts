import { describeViolations, responsesWritten, takeResponseViolations } from './responseSchemas.ts';

/**
 * Mocha root hook plugin (loaded by `require` in .mocharc.cjs): a test during which the service answered a
 * body its route's declared schema refuses fails, with the requests at fault and ajv's errors.
 *
 * The failure is handed to the hook's `error()` rather than thrown: mocha then fails the current test, whereas a
 * throwing `afterEach` would be a hook failure that skips every test still to run.
 */
export const mochaHooks = {
  async afterEach(this: Mocha.Context) {
    await responsesWritten();
    const found = takeResponseViolations();
    if (found.length === 0) return;
    const err = new Error(
      `${found.length} response(s) do not match the schema their route declares (OpenAPI):\n${describeViolations(found)}`,
    );
    (this.test as Mocha.Hook).error(err);
  },
  /** Answers given after the last test (in `after` hooks) are not let through either. */
  async afterAll() {
    await responsesWritten();
    const found = takeResponseViolations();
    if (found.length > 0) {
      throw new Error(
        `${found.length} response(s) after the last test do not match the schema their route declares:\n${describeViolations(found)}`,
      );
    }
  },
};
