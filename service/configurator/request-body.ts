import type {Requirement, TextRequirement} from '../../src/wire/index.js';
import {Errors, ServiceError, badRequest} from '../errors.js';
import {
  Fields,
  arrayBody,
  isJsonMediaType,
  mediaType,
  parseJson,
  readBodyText,
  requireUtf8,
} from '../http/index.js';

/** Longest text value a text requirement may carry. */
export const longestTextValue = 10_000;

/** A Requirement body in any letter case; `isSelection` defaults to false. */
export function readRequirement(body: unknown): Requirement {
  const fields = Fields.of(body);
  return {
    featureModelNodeId: fields.guid('featureModelNodeId'),
    value: fields.number('value'),
    isSelection: fields.boolean('isSelection', false),
  };
}

/** A Text requirement body; `textValue` null clears the text. */
export function readTextRequirement(body: unknown, path = 'body'): TextRequirement {
  const fields = Fields.of(body, path);
  const textValue = fields.nullableString('textValue');
  if (textValue !== null && textValue.length > longestTextValue) {
    throw badRequest(
      Errors.invalidBody,
      `${path}.textValue is longer than ${longestTextValue} characters`,
      {field: `${path}.textValue`},
    );
  }
  return {featureModelNodeId: fields.guid('featureModelNodeId'), textValue};
}

/** Most text requirements one `text/multiple` body may carry. */
export const maxTextRequirements = 500;

/** An array of at most `maxTextRequirements` Text requirements (413 `too_many_items` beyond). */
export function readTextRequirements(body: unknown): TextRequirement[] {
  return arrayBody(body, maxTextRequirements).map((item, index) =>
    readTextRequirement(item, `body[${index}]`),
  );
}

/**
 * A language code sent as the whole body: plain text (`nl`, v3) or a JSON string (`"nl"`,
 * the versioned API). Either form is accepted on both paths, since clients mix them up.
 */
export async function readLanguageBody(request: Request): Promise<string> {
  const type = mediaType(request);
  // Text or JSON, or nothing declared; another type (an image, a form) is not a language code.
  if (type !== '' && type !== 'text/plain' && !isJsonMediaType(type)) {
    throw new ServiceError(
      Errors.unsupportedMediaType,
      `Expected Content-Type text/plain or application/json, got ${type}`,
    );
  }
  requireUtf8(request);
  const text = (await readBodyText(request, {limit: 1024})).trim();
  const looksJson = isJsonMediaType(type) || text.startsWith('"');
  const value = looksJson ? parseJson(text) : text;
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(
      Errors.invalidBody,
      'The body must be a language code, as plain text (nl) or a JSON string ("nl")',
      {field: 'body'},
    );
  }
  return value;
}

/** The body of `changelanguage` without an id in the path: `{configurationId, languageIso}`. */
export function readLanguageChange(body: unknown): {configurationId: string; languageIso: string} {
  const fields = Fields.of(body);
  return {
    configurationId: fields.string('configurationId'),
    languageIso: fields.string('languageIso'),
  };
}

/**
 * The body of `updatelinkedconfigurationcardinality`. With the configuration in the path (the
 * official client's `PUT {id}/updatelinkedconfigurationcardinality`) `configurationId` may be
 * left out, and when given must name that configuration.
 */
export function readLinkedCardinality(
  body: unknown,
  pathId?: string,
): {
  configurationId: string;
  cardinality: number;
  parentNodeId: string | null;
} {
  const fields = Fields.of(body);
  let configurationId: string;
  if (pathId === undefined) {
    configurationId = fields.string('configurationId');
  } else {
    configurationId = fields.nullableString('configurationId') ?? pathId;
    if (configurationId.toLowerCase() !== pathId.toLowerCase()) {
      throw badRequest(
        Errors.invalidBody,
        'body.configurationId names another configuration than the path',
        {field: 'body.configurationId'},
      );
    }
  }
  return {
    configurationId,
    cardinality: fields.integer('cardinality', {min: 0, max: 2 ** 31 - 1}),
    parentNodeId: fields.nullableGuid('parentNodeId'),
  };
}
