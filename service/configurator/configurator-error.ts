/** Error codes of configurator operations beyond the shared ones and the engine's. */
export const ConfiguratorErrorCode = {
  /** A language the service has no texts for. */
  unsupportedLanguage: 'unsupported_language',
  /** The session's model is no longer offered by this service. */
  modelUnavailable: 'model_unavailable',
  /** The node exists but holds no linked configuration. */
  notLinkedConfiguration: 'not_linked_configuration',
} as const;
export type ConfiguratorErrorCode =
  (typeof ConfiguratorErrorCode)[keyof typeof ConfiguratorErrorCode];
