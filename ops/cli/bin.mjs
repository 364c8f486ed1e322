#!/usr/bin/env node
// Entry point of `npx registres` and `npm start`: loads TypeScript through tsx, then the command line.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
