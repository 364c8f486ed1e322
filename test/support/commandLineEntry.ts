// What app/cli/bin.mjs runs once it found its build, as the entry of the test children's bundle of the command
// line (bundledChild.ts bundledCommandLine).
import { main } from '../../app/cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
