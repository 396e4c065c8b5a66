// The Office Chair's options, a part of its tree (service/models/office-chair.ts).
import {DisplayType, FeatureType} from '../../src/wire/index.js';
import type {NodeDefinition} from '../engine/model-definition.js';
import {checkbox, group, option, part, t} from './authoring.js';

/** The foot ring (shown on the frame step), engraving, extras and warranty, in the tree's order. */
export const finish: NodeDefinition[] = [
  checkbox('footring', t('Foot ring', 'Voetring', 'Fußring', 'Repose-pieds circulaire'), {
    price: 29,
  }),
  checkbox('engraving', t('Engraving', 'Gravure', 'Gravur', 'Gravure'), {
    price: 15,
    children: [
      part(
        'engraving-text',
        t('Engraving name', 'Naam voor gravure', 'Name für die Gravur', 'Nom à graver'),
        {
          featureType: FeatureType.text,
          mandatory: true,
          description: t(
            'Up to 24 characters, laser-engraved on the back.',
            'Tot 24 tekens, met laser op de rug gegraveerd.',
            'Bis zu 24 Zeichen, auf den Rücken gelasert.',
            'Jusqu’à 24 caractères, gravés au laser sur le dossier.',
          ),
        },
      ),
      option('font-serif', t('Serif', 'Schreef', 'Serif', 'Avec empattements'), {
        selected: true,
      }),
      option('font-sans', t('Sans serif', 'Schreefloos', 'Serifenlos', 'Sans empattements')),
      option('font-script', t('Script', 'Handschrift', 'Schreibschrift', 'Manuscrite'), {
        price: 5,
      }),
    ],
  }),
  group('extras', t('Extras', 'Extra’s', 'Extras', 'Suppléments'), [
    part(
      'spare-castors',
      t('Spare castors', 'Reservewielen', 'Ersatzrollen', 'Roulettes de rechange'),
      {
        displayType: DisplayType.input,
        min: 0,
        max: 10,
        step: 1,
        value: 0,
        price: 6,
        unitOfMeasurement: t('pcs', 'st.', 'Stk.', 'pcs'),
      },
    ),
    checkbox(
      'assembly',
      t('Assembly service', 'Montageservice', 'Montageservice', 'Service de montage'),
      {
        price: 29,
        // Hostile markup on purpose: the widget must render descriptions sanitised.
        description: t(
          'Delivered assembled. <img src=x onerror=alert(1)> <a href="javascript:alert(1)">Read the terms</a>',
          'Gemonteerd geleverd. <img src=x onerror=alert(1)> <a href="javascript:alert(1)">Lees de voorwaarden</a>',
          'Montiert geliefert. <img src=x onerror=alert(1)> <a href="javascript:alert(1)">Bedingungen lesen</a>',
          'Livré monté. <img src=x onerror=alert(1)> <a href="javascript:alert(1)">Lire les conditions</a>',
        ),
        moreInfo: t(
          '<ul><li>Within 5 working days</li><li>Packaging taken back</li></ul><script>alert(2)</script>',
          '<ul><li>Binnen 5 werkdagen</li><li>Verpakking retour</li></ul><script>alert(2)</script>',
          '<ul><li>Innerhalb von 5 Werktagen</li><li>Verpackung wird mitgenommen</li></ul><script>alert(2)</script>',
          '<ul><li>Sous 5 jours ouvrés</li><li>Emballage repris</li></ul><script>alert(2)</script>',
        ),
      },
    ),
    checkbox(
      'floor-mat',
      t(
        'Floor protection mat',
        'Vloerbeschermingsmat',
        'Bodenschutzmatte',
        'Tapis de protection de sol',
      ),
      {
        price: 39,
      },
    ),
  ]),
  group(
    'warranty',
    t('Warranty', 'Garantie', 'Garantie', 'Garantie'),
    [
      option('warranty-2', t('2 years', '2 jaar', '2 Jahre', '2 ans')),
      option('warranty-5', t('5 years', '5 jaar', '5 Jahre', '5 ans'), {price: 39}),
      option('warranty-10', t('10 years', '10 jaar', '10 Jahre', '10 ans'), {price: 69}),
    ],
    {
      mandatory: true,
      description: t(
        'Choose how long we cover parts and labour.',
        'Kies hoelang wij onderdelen en arbeid dekken.',
        'Wählen Sie, wie lange wir Teile und Arbeit abdecken.',
        'Choisissez la durée de couverture des pièces et de la main-d’œuvre.',
      ),
    },
  ),
];
