import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.test-results/',
      '.data/',
      'demo/build/',
      'custom-elements.json',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_'},
      ],
      // Standard TypeScript only: enums, namespaces and parameter properties are not erasable.
      'no-restricted-syntax': [
        'error',
        {selector: 'TSEnumDeclaration', message: 'Use an `as const` object and a derived union.'},
        {selector: 'TSModuleDeclaration[kind="namespace"]', message: 'Use ES modules.'},
        {selector: 'TSParameterProperty', message: 'Declare the field explicitly.'},
      ],
    },
  },
);
