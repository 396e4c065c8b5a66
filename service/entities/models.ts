import {QuotationStatus, quotationStatuses} from './quotation-status.js';
import {customerFields} from './customer-fields.js';
import type {Store} from '../store/index.js';
import {FieldType, OnDelete, type Field} from './field-type.js';
import {field, type Entity, type EntityModel, type Relation} from './entity-model.js';

const text = () => field.nullable(FieldType.string);
const optionalGuid = () => field.nullable(FieldType.guid);
const optionalNumber = () => field.nullable(FieldType.number);
/** A price or amount: a cent's precision is kept up to a trillion either way. */
const money = (): Field => field.number();
const percentage = (base: Field = field.number()): Field => field.range(base, 0, 100);
/** Quantities of a line: a fraction is fine (metres, hours), more than a million is a typo. */
const maxQuantity = 1_000_000;
const references = (base: Field, collection: string, onDelete: OnDelete): Field => ({
  ...base,
  references: {collection, onDelete},
});

/** Fields every stored model has: its GUID and the service's two moments. */
const base = () => ({id: field.id(), createdAt: field.stamp(), updatedAt: field.stamp()});

// Kept by CRM accounts, all optional text; the quote request reader shares the list.
export {customerFields};

const one = (name: string, collection: string, key: string): Relation => ({
  name,
  property: camel(name),
  resolve: (store: Store, entity: Entity) => {
    const id = entity[key];
    return typeof id === 'string' ? (store.collection<Entity>(collection).get(id) ?? null) : null;
  },
});

const many = (name: string, collection: string, key: string, order?: string): Relation => {
  // Indexed queries: a page costs what it shows, not the whole related collection.
  const related = (store: Store, id: string) =>
    store.collection<Entity>(collection).find({where: {[key]: id}, orderBy: order ?? null});
  return {
    name,
    property: camel(name),
    resolve: (store: Store, entity: Entity) => related(store, entity.id),
    // One query for the whole page (`IN` on the indexed key), grouped here in order.
    resolveAll: (store: Store, page: readonly Entity[]) => {
      const byOwner = new Map<unknown, Entity[]>(page.map((entity) => [entity.id, []]));
      const all = store.collection<Entity>(collection).find({
        where: {[key]: page.map((entity) => entity.id)},
        orderBy: order ?? null,
      });
      for (const item of all) byOwner.get(item[key])?.push(item);
      return (entity: Entity) => byOwner.get(entity.id) ?? [];
    },
  };
};

function camel(name: string): string {
  return name[0]!.toLowerCase() + name.slice(1);
}

const model = (
  name: string,
  path: string,
  fields: Record<string, Field>,
  relations: readonly Relation[] = [],
): EntityModel => ({
  name,
  path,
  collection: path.toLowerCase(),
  fields: {...base(), ...fields},
  relations,
});

/** The fifteen stored models of the seed's table, by URI segment. */
export const storedModels: readonly EntityModel[] = [
  model('ApplicationEvents', 'applicationevents', {
    name: field.string(),
    description: text(),
    quotationId: optionalGuid(),
    userId: optionalGuid(),
    occurredAt: field.moment(),
  }),
  model('AssociatedFeatureProperties', 'associatedfeatureproperties', {
    featureModelId: optionalGuid(),
    featureModelNodeId: optionalGuid(),
    featurePropertyId: field.guid(),
    value: text(),
    sortOrder: field.integer(),
  }),
  model('Categories', 'categories', {
    name: field.string(),
    description: text(),
    parentId: optionalGuid(),
    imageUrl: text(),
    sortOrder: field.integer(),
  }),
  model('CrmAccounts', 'crmaccounts', Object.fromEntries(customerFields.map((n) => [n, text()]))),
  model('FeatureHasFeatureProperty', 'featurehasfeatureproperties', {
    featureId: field.guid(),
    featurePropertyId: field.guid(),
    value: text(),
    numericValue: optionalNumber(),
  }),
  model('FeatureProperty', 'featureproperties', {
    name: field.string(),
    description: text(),
    unit: text(),
    isFilterable: field.boolean(),
    sortOrder: field.integer(),
  }),
  model('Feature', 'features', {
    name: field.string(),
    description: text(),
    articleCode: text(),
    categoryId: optionalGuid(),
    unitOfMeasurementId: optionalGuid(),
    vatId: optionalGuid(),
    priceExVAT: money(),
    imageUrl: text(),
    isActive: field.boolean(true),
  }),
  model('LeaseTable', 'leasetables', {
    name: field.string(),
    currencyIso: text(),
    durationMonths: field.range(field.integer(12), 1, 1200),
    interestRatePercentage: percentage(),
    residualValuePercentage: percentage(),
    minimumAmount: field.range(optionalNumber(), 0, 1e12),
    maximumAmount: field.range(optionalNumber(), 0, 1e12),
  }),
  model('Organizations', 'organizations', {
    name: field.string(),
    email: text(),
    phoneNumber: text(),
    streetName: text(),
    houseNumber: text(),
    postalCode: text(),
    city: text(),
    countryIso: text(),
    vatNumber: text(),
    cocNumber: text(),
  }),
  model('QuotationLine', 'quotationlines', {
    quotationId: references(field.guid(), 'quotations', OnDelete.cascade),
    configurationId: optionalGuid(),
    articleCode: text(),
    description: text(),
    quantity: field.range(field.number(1), 0, maxQuantity),
    unitPriceExVAT: money(),
    unitPriceIncVAT: money(),
    totalPriceExVAT: money(),
    totalPriceIncVAT: money(),
    sortOrder: field.integer(),
  }),
  model('QuotationProperty', 'quotationproperties', {
    quotationId: field.guid(),
    name: field.string(),
    value: text(),
  }),
  model(
    'Quotation',
    'quotations',
    {
      // Given by the service from its numbering; a client cannot set or change it (0014).
      number: field.readOnly(text()),
      status: {
        type: FieldType.string,
        nullable: false,
        oneOf: quotationStatuses,
        default: () => QuotationStatus.draft,
      },
      synced: field.boolean(),
      debtorId: references(optionalGuid(), 'crmaccounts', OnDelete.restrict),
      sellerId: references(optionalGuid(), 'organizations', OnDelete.restrict),
      userId: optionalGuid(),
      currencyIso: field.string('eur'),
      remarks: text(),
      totalPriceExVAT: money(),
      totalPriceIncVAT: money(),
    },
    [
      many('Lines', 'quotationlines', 'quotationId', 'sortOrder'),
      one('Debtor', 'crmaccounts', 'debtorId'),
      one('Seller', 'organizations', 'sellerId'),
    ],
  ),
  model('UnitOfMeasurement', 'uom', {
    name: field.string(),
    symbol: field.string(''),
    decimals: field.range(field.integer(), 0, 10),
  }),
  model('UserCreationRequest', 'UserCreationRequests', {
    email: field.string(),
    firstName: text(),
    lastName: text(),
    organizationId: optionalGuid(),
    languageIso: text(),
    status: {
      type: FieldType.string,
      nullable: false,
      oneOf: ['pending', 'approved', 'rejected'],
      default: () => 'pending',
    },
  }),
  model('VAT', 'vats', {
    name: field.string(),
    percentage: percentage(),
    countryIso: text(),
    isDefault: field.boolean(),
  }),
];

/** A configuration model as the entity API lists it; `RootFeature` is its non-native relation. */
export interface FeatureModelEntity {
  id: string;
  name: string;
  description: string | null;
  rootFeatureId: string;
  /** Name, price and image of the model's root feature (and whatever else the source knows). */
  rootFeature: {id: string; name: string; price: number; imageUrl: string | null};
}

/**
 * The read-only `featuremodels` model: its entities come from the configuration models of the
 * rule engine, so POST, PUT and DELETE answer 405. Its list also takes `lang`.
 */
export function featureModelsModel(
  source: (lang: string | undefined) => readonly FeatureModelEntity[],
): EntityModel {
  return {
    name: 'FeatureModel',
    path: 'featuremodels',
    collection: 'featuremodels',
    fields: {
      id: field.guid(),
      name: field.string(),
      description: text(),
      rootFeatureId: field.guid(),
    },
    relations: [
      {
        name: 'RootFeature',
        property: 'rootFeature',
        resolve: (_store, entity) => (entity as unknown as FeatureModelEntity).rootFeature,
      },
    ],
    source: source as unknown as (lang: string | undefined) => readonly Entity[],
  };
}
