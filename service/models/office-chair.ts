import type {ModelDefinition} from '../engine/model-definition.js';
import {t} from './authoring.js';
import {comfort} from './office-chair-comfort.js';
import {finish} from './office-chair-finish.js';
import {frameAndSeat} from './office-chair-frame-seat.js';
import {officeChairPicture} from './office-chair-picture.js';

/** An office chair: colours, materials, comfort options, a few rules a shopper runs into. */
export const officeChair: ModelDefinition = {
  key: 'office-chair',
  vatRate: 0.21,
  countryIso: 'nl',
  currencyIso: 'eur',
  picture: officeChairPicture,
  root: {
    key: 'office-chair',
    name: t('Office Chair', 'Bureaustoel', 'Bürostuhl', 'Chaise de bureau'),
    description: t(
      'An ergonomic task chair built to order. <strong>Five-year frame warranty</strong> as standard.',
      'Een ergonomische bureaustoel, op bestelling gebouwd. <strong>Vijf jaar garantie op het frame</strong>.',
      'Ein ergonomischer Bürostuhl, auf Bestellung gefertigt. <strong>Fünf Jahre Garantie auf den Rahmen</strong>.',
      'Un siège de bureau ergonomique fabriqué sur commande. <strong>Cinq ans de garantie sur le cadre</strong> de série.',
    ),
    image: 'office-chair',
    price: 249,
    articleCode: 'OC-1000',
    // Three files of options, split along the tree's order (which every answer lists in), not
    // along the steps: the gas lift and the foot ring sit later in the tree than their step.
    children: [...frameAndSeat, ...comfort, ...finish],
  },
  steps: [
    {
      key: 'frame',
      title: t('Frame & base', 'Frame & voet', 'Rahmen & Fuß', 'Cadre et piètement'),
      icon: 'step-frame',
      features: ['frame-colour', 'base', 'castors', 'gas-lift', 'footring'],
    },
    {
      key: 'seat',
      title: t('Seat & back', 'Zitting & rug', 'Sitz & Rücken', 'Assise et dossier'),
      icon: 'step-seat',
      features: [
        'backrest',
        'back-cover',
        'upholstery',
        'upholstery-colour',
        'seat-width',
        'seat-depth',
      ],
    },
    {
      key: 'comfort',
      title: t('Comfort', 'Comfort', 'Komfort', 'Confort'),
      icon: 'step-comfort',
      features: ['armrests', 'headrest', 'coat-hanger', 'lumbar', 'mechanism'],
    },
    {
      key: 'finish',
      title: t('Personalise', 'Personaliseren', 'Personalisieren', 'Personnaliser'),
      icon: 'step-finish',
      features: ['engraving', 'extras', 'warranty'],
    },
  ],
};
