/**
 * The walls of the house (DESIGN.md, Layout), checked in CI by `npm run lint:deps`:
 *   app/ (composition root) → api/ → projections/ → schemas/ → ops/, and ingest/ → schemas/, ops/.
 * Only app/ imports every layer; ops/ imports nothing above it; event contracts live in schemas/events/.
 */
const LAYERS = '^(app|api|ingest|projections|schemas|ops|bench|test)/';
module.exports = {
  forbidden: [
    {
      name: 'ops-is-the-bottom-layer',
      comment: 'ops/ (configuration, database, event store, signing, logging) imports nothing above it.',
      severity: 'error',
      from: { path: '^ops/' },
      to: { path: '^(app|api|ingest|projections|schemas|bench|test)/' },
    },
    {
      name: 'schemas-sit-below-api-and-projections',
      comment: 'schemas/ (event contracts, JSON Schemas, the register dictionary type) imports only itself.',
      severity: 'error',
      from: { path: '^schemas/' },
      to: { path: '^(app|api|ingest|projections|bench|test)/' },
    },
    {
      name: 'routes-never-import-ingest',
      comment:
        'api/ gets registers injected (HandlerDeps, the manifests) and reads event contracts from schemas/.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(ingest|app|bench|test)/' },
    },
    {
      name: 'projections-take-only-event-contracts',
      comment:
        'projections/ read events through schemas/events/, never the ingesters; nor do they know the API.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^(ingest|api|app|bench|test)/' },
    },
    {
      name: 'ingest-never-imports-the-composition-root',
      comment:
        'ingest/ writes events: it knows ops/ and the contracts in schemas/, not the read side nor app/.',
      severity: 'error',
      from: { path: '^ingest/' },
      to: { path: '^(app|api|projections|bench|test)/' },
    },
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
