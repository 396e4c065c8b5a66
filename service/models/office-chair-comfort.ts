// The Office Chair's options, a part of its tree (service/models/office-chair.ts).
import {DisplayType} from '../../src/wire/index.js';
import type {NodeDefinition} from '../engine/model-definition.js';
import {checkbox, group, option, orOption, t} from './authoring.js';

/**
 * Lumbar support, armrests, headrest, coat hanger, mechanism and gas lift (the gas lift is shown
 * on the frame step), in the tree's order.
 */
export const comfort: NodeDefinition[] = [
  checkbox(
    'lumbar',
    t(
      'Adjustable lumbar support',
      'Verstelbare lendensteun',
      'Verstellbare Lordosenstütze',
      'Soutien lombaire réglable',
    ),
    {
      price: 35,
      selected: true,
    },
  ),
  checkbox('armrests', t('Armrests', 'Armleuningen', 'Armlehnen', 'Accoudoirs'), {
    price: 40,
    selected: true,
    children: [
      option('arm-fixed', t('Fixed', 'Vast', 'Fest', 'Fixes'), {selected: true}),
      option('arm-3d', t('3D adjustable', '3D verstelbaar', '3D verstellbar', 'Réglables 3D'), {
        price: 30,
      }),
      option('arm-4d', t('4D adjustable', '4D verstelbaar', '4D verstellbar', 'Réglables 4D'), {
        price: 55,
      }),
      checkbox(
        'arm-pads',
        t('Soft PU pads', 'Zachte PU-pads', 'Weiche PU-Auflagen', 'Manchettes PU souples'),
        {
          price: 15,
        },
      ),
    ],
  }),
  checkbox('headrest', t('Headrest', 'Hoofdsteun', 'Kopfstütze', 'Appui-tête'), {
    price: 55,
    requires: ['back-high'],
    description: t(
      'Height and angle adjustable. Requires the <strong>high back</strong>.',
      'Verstelbaar in hoogte en hoek. Vereist de <strong>hoge rug</strong>.',
      'In Höhe und Neigung verstellbar. Erfordert den <strong>hohen Rücken</strong>.',
      'Réglable en hauteur et en inclinaison. Nécessite le <strong>dossier haut</strong>.',
    ),
  }),
  checkbox('coat-hanger', t('Coat hanger', 'Kledinghanger', 'Kleiderbügel', 'Cintre'), {
    price: 25,
    excludes: ['headrest'],
  }),
  group('mechanism', t('Mechanism functions', 'Mechanisme', 'Mechanik', 'Mécanisme'), [
    orOption(
      'mech-tilt',
      t(
        'Tilt with lock',
        'Kantelen met vergrendeling',
        'Neigung mit Arretierung',
        'Inclinaison avec blocage',
      ),
      {
        selected: true,
      },
    ),
    orOption(
      'mech-synchro',
      t('Synchro mechanism', 'Synchroonmechaniek', 'Synchronmechanik', 'Mécanisme synchrone'),
      {
        price: 40,
      },
    ),
    orOption('mech-slide', t('Seat slider', 'Zitschuif', 'Sitzschiebung', 'Translation d’assise'), {
      price: 20,
    }),
    orOption(
      'mech-rock',
      t('Free-float rocking', 'Vrij schommelen', 'Freies Wippen', 'Basculement libre'),
      {
        price: 15,
      },
    ),
  ]),
  group(
    'gas-lift',
    t('Gas lift', 'Gasveer', 'Gasfeder', 'Vérin à gaz'),
    [
      option(
        'lift-standard',
        t(
          'Standard (42–54 cm)',
          'Standaard (42–54 cm)',
          'Standard (42–54 cm)',
          'Standard (42–54 cm)',
        ),
        {
          selected: true,
        },
      ),
      option(
        'lift-tall',
        t(
          'Drafting height (55–80 cm)',
          'Tekenhoogte (55–80 cm)',
          'Zeichnerhöhe (55–80 cm)',
          'Hauteur de dessinateur (55–80 cm)',
        ),
        {
          price: 35,
          requires: ['footring'],
        },
      ),
    ],
    {displayType: DisplayType.dropdown},
  ),
];
