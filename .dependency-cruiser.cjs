/**
 * The walls of the house (DESIGN.md, Layout), checked in CI by `npm run lint:deps`:
 *   app/ (composition root) → api/ → projections/ → schemas/ → ops/, and ingest/ → schemas/, ops/.
 * Only app/ imports every layer; ops/ imports nothing above it; event contracts live in schemas/events/.
 */
const LAYERS = '^(app|api|ingest|projections|schemas|ops|bench|test)/';
/** A wall: modules under `from` never import modules under `to` (paths as regular expressions). */
const wall = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to },
});
module.exports = {
  forbidden: [
    wall(
      'ops-is-the-bottom-layer',
      'ops/ (configuration, database, event store, signing, logging) imports nothing above it.',
      '^ops/',
      '^(app|api|ingest|projections|schemas|bench|test)/',
    ),
    wall(
      'schemas-sit-below-api-and-projections',
      'schemas/ (event contracts, JSON Schemas, the register dictionary type) imports only itself.',
      '^schemas/',
      '^(app|api|ingest|projections|bench|test)/',
    ),
    wall(
      'routes-never-import-ingest',
      'api/ gets registers injected (HandlerDeps, the manifests) and reads event contracts from schemas/.',
      '^api/',
      '^(ingest|app|bench|test)/',
    ),
    wall(
      'projections-take-only-event-contracts',
      'projections/ read events through schemas/events/, never the ingesters; nor do they know the API.',
      '^projections/',
      '^(ingest|api|app|bench|test)/',
    ),
    wall(
      'ingest-never-imports-the-composition-root',
      'ingest/ writes events: it knows ops/ and the contracts in schemas/, not the read side nor app/.',
      '^ingest/',
      '^(app|api|projections|bench|test)/',
    ),
    {
      name: 'no-circular',
      comment: 'No import cycle anywhere.',
      severity: 'error',
      from: { path: LAYERS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
