// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Doors: a feature is imported only through its index.ts (README.md, Architecture), and the server
// imports from src/ only the shared contracts (src/shared/contracts/).
const FEATURES = ['connection', 'schema', 'console', 'docs', 'analytics', 'bulk-export'];
// The app's requests go through the one fetch wrapper, src/shared/api/http.ts (NetworkError, the
// redirect policy, timing). Unit tests may call fetch to reach a test server. Other files that must
// call fetch themselves are listed here, each with its reason; none today (the report worker
// streams the body of http.ts's Response).
const FETCH_ALLOWED = ['src/shared/api/**', 'src/**/*.test.{ts,tsx}'];
const FETCH_MESSAGE =
  'Send requests with httpRequest (src/shared/api/http.ts), the one fetch wrapper.';
const STORAGE_GLOBALS = [
  { name: 'localStorage', message: 'Use src/shared/lib/storage.ts.' },
  { name: 'sessionStorage', message: 'Use src/shared/lib/storage.ts.' },
];
// Focused, skipped, conditional or inverted tests, in every form Vitest and Playwright have:
// `it.only`, `test.fixme`, `describe.skipIf(…)`, `it.runIf(…)`, `test.describe.only`,
// `test.describe.serial.skip`, `it.concurrent.skip`, `it.skip.each`, `test['only']`, `it.fails`,
// `test.fail`, and the skips called from inside a test (`test.skip(cond)`, `test.info().skip()`,
// `testInfo.fixme()`, Vitest's `ctx.skip()`).
const TEST_ROOTS = 'it|test|describe|suite';
const TEST_WORDS = 'only|skip|skipIf|runIf|fixme|todo|fail|fails';
const TEST_SELECTOR = [
  `MemberExpression:matches([object.name=/^(${TEST_ROOTS})$/], [object.object.name=/^(${TEST_ROOTS})$/], [object.object.object.name=/^(${TEST_ROOTS})$/]):matches([property.name=/^(${TEST_WORDS})$/], [property.value=/^(${TEST_WORDS})$/])`,
  `MemberExpression:matches([object.callee.object.name='test'][object.callee.property.name='info'], [object.name=/^(testInfo|ctx|context)$/]):matches([property.name=/^(skip|fixme|fail)$/])`,
].join(', ');
const TEST_MESSAGE =
  'No focused, skipped, conditional or expected-to-fail tests (only, skip, skipIf, runIf, fixme, todo, fail): a skipped test proves nothing.';
const DOOR_MESSAGE = 'Import another feature only through its index.ts (README.md, Architecture).';
const SERVER_MESSAGE = 'The server imports from src/ only src/shared/contracts/.';
const SERVER_RULE = { regex: '^(\\.\\./)+src/(?!shared/contracts/)', message: SERVER_MESSAGE };
const TEST_HELPERS_RULE = {
  regex: '\\.test-helpers\\.ts$',
  message: 'Test support (*.test-helpers.ts) is imported only by tests.',
};

/** no-restricted-imports and no-restricted-syntax (for import()) for one set of regexes. */
function restrictImports(files, rules) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: rules.map(({ regex, message }) => ({ regex, message })) },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: TEST_SELECTOR, message: TEST_MESSAGE },
        ...rules.map(({ regex, message }) => ({
          // esquery regexes cannot hold a slash: \x2F stands for it.
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
          message,
        })),
      ],
    },
  };
}

/** From inside `feature`: the other features' files except their index.ts. */
function doorRules(feature) {
  const others = FEATURES.filter((f) => f !== feature).join('|');
  return [{ regex: `^(\\.\\./)+(${others})/(?!(index|for-workers)\\.ts$)`, message: DOOR_MESSAGE }];
}

export default tseslint.config(
  {
    ignores: ['dist', 'dist-*', 'node_modules', 'test-results', 'playwright-report', 'bench/.tmp'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', { selector: TEST_SELECTOR, message: TEST_MESSAGE }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-globals': [
        'error',
        ...STORAGE_GLOBALS,
        { name: 'fetch', message: FETCH_MESSAGE },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: FETCH_MESSAGE,
        })),
      ],
    },
  },
  {
    files: FETCH_ALLOWED,
    rules: {
      'no-restricted-globals': ['error', ...STORAGE_GLOBALS],
      'no-restricted-properties': 'off',
    },
  },
  ...FEATURES.map((feature) =>
    restrictImports([`src/features/${feature}/**/*.{ts,tsx}`], doorRules(feature)),
  ),
  restrictImports(
    ['src/app/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    [{ regex: `features/(${FEATURES.join('|')})/(?!index\\.ts$)`, message: DOOR_MESSAGE }],
  ),
  restrictImports(
    ['bench/**/*.ts'],
    [
      {
        regex: `src/features/(${FEATURES.join('|')})/(?!(index|for-workers)\\.ts$)`,
        message: DOOR_MESSAGE,
      },
    ],
  ),
  restrictImports(
    ['src/shared/**/*.{ts,tsx}'],
    [
      {
        regex: '^(\\.\\./)+(features|app)/',
        message: 'src/shared/ imports no feature and no app code.',
      },
    ],
  ),
  restrictImports(['server/**/*.ts'], [SERVER_RULE]),
  // Test support (`*.test-helpers.ts`) is for tests: product code never imports it.
  {
    ...restrictImports(['server/**/*.ts'], [SERVER_RULE, TEST_HELPERS_RULE]),
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts'],
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: TEST_SELECTOR, message: TEST_MESSAGE },
        {
          // Region "Response" without exact also matches region "Response headers".
          selector:
            'CallExpression[callee.property.name="getByRole"][arguments.0.value="region"]:has(Property[key.name="name"][value.value="Response"]):not(:has(Property[key.name="exact"]))',
          message:
            'Region "Response" needs exact: true ("Response headers" exists); use ConsolePage.response.',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message:
            'No fixed sleeps in e2e: await the event, an auto-waiting expect, or the page clock (e2e/README.md).',
        },
      ],
    },
  },
);
