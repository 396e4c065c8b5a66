/**
 * The JSON shapes exchanged with the Configurator and Quotation Service, as the reference
 * service sends them and as the headless session reads them. Readers must ignore fields they
 * do not know and accept both value shapes (see {@link ConfigurationValues}).
 *
 * Numeric codes follow the real service. Each `as const` object is the one place a code is
 * named; the union types are derived from it.
 *
 * This folder imports nothing from outside itself: the widget and the reference service both build on it.
 */

export * from './feature-model.js';
export * from './configuration.js';
export * from './quote.js';
export * from './error-body.js';
export * from './compressed-configuration.js';
export * from './service-error-code.js';
export * from './signed-configuration.js';
