// The layers of docs/architecture.md, enforced by `npm run lint`. Paths are relative to the
// project root; test/lint/layers.test.ts proves each rule fails on a forbidden import.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle ties modules that should be read, tested and loaded apart.',
      from: {},
      to: {circular: true},
    },
    {
      name: 'service-imports-only-wire',
      severity: 'error',
      comment:
        'The service shares the wire contract with the widget, and the rate limiter, its address key and the capped body reader with the token endpoint helper (files that import nothing), and nothing else of src/.',
      from: {path: '^service/'},
      to: {
        path: '^src/',
        pathNot: '^src/(wire/|server/(address-key|rate-limiter|read-capped)\\.ts$)',
      },
    },
    {
      name: 'shared-helpers-import-nothing',
      severity: 'error',
      comment:
        'The files of src/server/ the service shares stand alone, so sharing one never pulls the rest of the helper (or the browser code) into the service.',
      from: {path: '^src/server/(address-key|rate-limiter|read-capped)\\.ts$'},
      to: {dependencyTypes: ['local', 'aliased', 'npm', 'core']},
    },
    {
      name: 'engine-never-imports-models',
      severity: 'error',
      comment:
        "The models are data written in the engine's terms; the engine compiles and applies any model and names none (service/models imports the engine, never the other way).",
      from: {path: '^service/engine/'},
      to: {path: '^service/models/'},
    },
    {
      name: 'entities-never-import-quotations',
      severity: 'error',
      comment:
        'Entities are stored records and their routes; quotations are the rules on top of them (totals, status moves, quote requests), so quotations import entities and never the other way.',
      from: {path: '^service/entities/'},
      to: {path: '^service/quotations/'},
    },
    {
      name: 'service-never-imports-demo',
      severity: 'error',
      comment: 'The demo host composes the service; the service stands alone (npm run service).',
      from: {path: '^service/'},
      to: {path: '^demo/'},
    },
    {
      name: 'src-never-imports-demo',
      severity: 'error',
      comment: 'The demo and its host backend are not part of the published package.',
      from: {path: '^src/'},
      to: {path: '^demo/'},
    },
    {
      name: 'src-never-imports-service',
      severity: 'error',
      comment: 'The published package never depends on the reference service.',
      from: {path: '^src/'},
      to: {path: '^service/'},
    },
    {
      name: 'wire-imports-nothing',
      severity: 'error',
      comment: 'The wire contract is shared by both sides, so it depends on neither.',
      from: {path: '^src/wire/'},
      to: {pathNot: '^src/wire/'},
    },
    {
      name: 'views-never-import-the-session',
      severity: 'error',
      comment: 'Views are functions of a view model; the element and its controllers feed them.',
      from: {path: '^src/view/'},
      to: {path: '^src/(session|controllers|element)/'},
    },
    {
      name: 'session-is-headless',
      severity: 'error',
      comment: 'The headless session works without the element, its views or its controllers.',
      from: {path: '^src/session/'},
      to: {path: '^src/(element|view|controllers|i18n)/'},
    },
    {
      name: 'controllers-bridge-session-only',
      severity: 'error',
      comment: 'Controllers bridge the session to the element; they render nothing.',
      from: {path: '^src/controllers/'},
      to: {path: '^src/(element|view)/'},
    },
    {
      name: 'events-are-leaves',
      severity: 'error',
      comment: 'Events carry wire data; the element and the session both dispatch them.',
      from: {path: '^src/events/'},
      to: {path: '^src/(element|view|controllers|session|i18n|server)/'},
    },
    {
      name: 'browser-code-never-imports-the-server-helper',
      severity: 'error',
      comment: 'The token endpoint helper holds secrets and runs on the host backend only.',
      from: {path: '^src/', pathNot: '^src/server/'},
      to: {path: '^src/server/'},
    },
    {
      name: 'server-helper-is-apart',
      severity: 'error',
      comment: 'The token endpoint helper is its own export; it shares only the wire contract.',
      from: {path: '^src/server/'},
      to: {path: '^src/', pathNot: '^src/(server|wire)/'},
    },
    {
      name: 'browser-code-never-imports-node',
      severity: 'error',
      comment: 'The widget runs in any browser.',
      from: {path: '^src/', pathNot: '^src/server/'},
      to: {dependencyTypes: ['core']},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    // test/lint/fixtures/ breaks every rule on purpose, for test/lint/layers.test.ts.
    exclude: {path: '^(node_modules|dist|demo/build|\\.test-results|test/lint/fixtures)/'},
    tsConfig: {fileName: 'tsconfig.json'},
    tsPreCompilationDeps: true,
  },
};
