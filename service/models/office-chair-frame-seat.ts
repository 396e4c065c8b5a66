// The Office Chair's options, a part of its tree (service/models/office-chair.ts).
import {DisplayType, FeatureType} from '../../src/wire/index.js';
import type {NodeDefinition} from '../engine/model-definition.js';
import {checkbox, group, option, part, t} from './authoring.js';

/** The frame, base and castors, then the seat and back (the first two steps), in the tree's order. */
export const frameAndSeat: NodeDefinition[] = [
  group(
    'frame-colour',
    t('Frame colour', 'Framekleur', 'Rahmenfarbe', 'Couleur du cadre'),
    [
      option('frame-black', t('Black', 'Zwart', 'Schwarz', 'Noir'), {
        selected: true,
        articleCode: 'OC-FR-BK',
      }),
      option('frame-white', t('White', 'Wit', 'Weiß', 'Blanc'), {
        price: 20,
        articleCode: 'OC-FR-WH',
      }),
      option(
        'frame-silver',
        t('Polished silver', 'Gepolijst zilver', 'Poliertes Silber', 'Argent poli'),
        {
          price: 35,
          articleCode: 'OC-FR-SI',
        },
      ),
      option('frame-graphite', t('Graphite', 'Grafiet', 'Graphit', 'Graphite'), {
        price: 25,
        articleCode: 'OC-FR-GR',
      }),
    ],
    {displayType: DisplayType.chips, featureType: FeatureType.colorPicker},
  ),
  group(
    'base',
    t('Base', 'Voetkruis', 'Fußkreuz', 'Piètement'),
    [
      option(
        'base-nylon',
        t('Nylon star base', 'Nylon voetkruis', 'Nylon-Fußkreuz', 'Piètement étoile en nylon'),
        {
          selected: true,
          image: 'base-nylon',
          description: t(
            'Glass-fibre reinforced, carries up to 120 kg.',
            'Glasvezelversterkt, draagt tot 120 kg.',
            'Glasfaserverstärkt, trägt bis 120 kg.',
            'Renforcé de fibre de verre, supporte jusqu’à 120 kg.',
          ),
        },
      ),
      option(
        'base-aluminium',
        t('Polished aluminium', 'Gepolijst aluminium', 'Poliertes Aluminium', 'Aluminium poli'),
        {
          price: 45,
          image: 'base-aluminium',
          description: t(
            'Die-cast and hand polished, carries up to 150 kg.',
            'Gegoten en met de hand gepolijst, draagt tot 150 kg.',
            'Druckguss, von Hand poliert, trägt bis 150 kg.',
            'Moulé sous pression et poli à la main, supporte jusqu’à 150 kg.',
          ),
        },
      ),
      option('base-oak', t('Oiled oak', 'Geoliede eik', 'Geölte Eiche', 'Chêne huilé'), {
        price: 80,
        image: 'base-oak',
        description: t(
          'Solid European oak from <a href="https://fsc.org/">FSC-certified</a> forests.',
          'Massief Europees eiken uit <a href="https://fsc.org/">FSC-gecertificeerde</a> bossen.',
          'Massive europäische Eiche aus <a href="https://fsc.org/">FSC-zertifizierten</a> Wäldern.',
          'Chêne européen massif issu de forêts <a href="https://fsc.org/">certifiées FSC</a>.',
        ),
      }),
    ],
    {displayType: DisplayType.card},
  ),
  group(
    'castors',
    t('Castors', 'Wielen', 'Rollen', 'Roulettes'),
    [
      option(
        'castors-carpet',
        t(
          'Hard castors for carpet',
          'Harde wielen voor tapijt',
          'Harte Rollen für Teppich',
          'Roulettes dures pour moquette',
        ),
        {
          selected: true,
        },
      ),
      option(
        'castors-soft',
        t(
          'Soft castors for hard floors',
          'Zachte wielen voor harde vloeren',
          'Weiche Rollen für Hartböden',
          'Roulettes souples pour sols durs',
        ),
        {
          price: 12,
        },
      ),
      option('glides', t('Fixed glides', 'Vaste glijders', 'Feste Gleiter', 'Patins fixes'), {
        price: 8,
      }),
    ],
    {displayType: DisplayType.dropdown},
  ),
  group(
    'backrest',
    t('Backrest', 'Rugleuning', 'Rückenlehne', 'Dossier'),
    [
      option(
        'back-standard',
        t('Standard back', 'Standaard rug', 'Standardrücken', 'Dossier standard'),
        {
          selected: true,
          image: 'back-standard',
        },
      ),
      option('back-high', t('High back', 'Hoge rug', 'Hoher Rücken', 'Dossier haut'), {
        price: 60,
        image: 'back-high',
        description: t(
          'Supports the shoulders; needed for a headrest.',
          'Ondersteunt de schouders; nodig voor een hoofdsteun.',
          'Stützt die Schultern; nötig für eine Kopfstütze.',
          'Soutient les épaules ; nécessaire pour un appui-tête.',
        ),
      }),
    ],
    {displayType: DisplayType.card},
  ),
  group('back-cover', t('Back cover', 'Rugbekleding', 'Rückenbezug', 'Revêtement du dossier'), [
    option(
      'back-mesh',
      t('Breathable mesh', 'Ademend mesh', 'Atmungsaktives Netz', 'Résille respirante'),
      {
        selected: true,
        description: t(
          'Keeps you cool on long days.',
          'Blijft koel op lange dagen.',
          'Bleibt auch an langen Tagen kühl.',
          'Reste frais pendant les longues journées.',
        ),
      },
    ),
    option(
      'back-upholstered',
      t('Upholstered back', 'Gestoffeerde rug', 'Gepolsterter Rücken', 'Dossier rembourré'),
      {
        price: 30,
      },
    ),
  ]),
  group(
    'upholstery',
    t('Seat upholstery', 'Zitting bekleding', 'Sitzbezug', 'Revêtement de l’assise'),
    [
      option('upholstery-fabric', t('Fabric', 'Stof', 'Stoff', 'Tissu'), {
        selected: true,
        image: 'upholstery-fabric',
        description: t(
          'Hard-wearing woven fabric, <em>100,000 Martindale</em>.',
          'Slijtvaste geweven stof, <em>100.000 Martindale</em>.',
          'Strapazierfähiger Webstoff, <em>100.000 Martindale</em>.',
          'Tissu tissé résistant, <em>100 000 Martindale</em>.',
        ),
      }),
      option('upholstery-vegan', t('Vegan leather', 'Vegan leer', 'Veganes Leder', 'Cuir végan'), {
        price: 70,
        image: 'upholstery-vegan',
      }),
      option(
        'upholstery-leather',
        t('Full-grain leather', 'Volnerf leer', 'Vollnarbenleder', 'Cuir pleine fleur'),
        {
          price: 120,
          image: 'upholstery-leather',
          excludes: ['back-mesh'],
          description: t(
            'Matched with an upholstered back; <strong>not available with a mesh back</strong>.',
            'Gecombineerd met een gestoffeerde rug; <strong>niet met een mesh rug</strong>.',
            'Kombiniert mit gepolstertem Rücken; <strong>nicht mit Netzrücken</strong>.',
            'Associé à un dossier rembourré ; <strong>non disponible avec un dossier en résille</strong>.',
          ),
        },
      ),
    ],
    {displayType: DisplayType.card},
  ),
  group(
    'upholstery-colour',
    t('Upholstery colour', 'Kleur bekleding', 'Bezugsfarbe', 'Couleur du revêtement'),
    [
      option('colour-anthracite', t('Anthracite', 'Antraciet', 'Anthrazit', 'Anthracite'), {
        selected: true,
      }),
      option('colour-navy', t('Navy blue', 'Marineblauw', 'Marineblau', 'Bleu marine')),
      option('colour-sand', t('Sand', 'Zand', 'Sand', 'Sable')),
      option('colour-sage', t('Sage green', 'Saliegroen', 'Salbeigrün', 'Vert sauge'), {
        price: 10,
      }),
    ],
    {displayType: DisplayType.chips, featureType: FeatureType.colorPicker},
  ),
  part('seat-width', t('Seat width', 'Zitbreedte', 'Sitzbreite', 'Largeur d’assise'), {
    displayType: DisplayType.slider,
    min: 44,
    max: 56,
    step: 2,
    value: 48,
    unitOfMeasurement: t('cm', 'cm', 'cm', 'cm'),
    description: t(
      'Measure your hips while seated and add 5 cm.',
      'Meet uw heupen zittend en tel er 5 cm bij op.',
      'Hüftbreite im Sitzen messen und 5 cm addieren.',
      'Mesurez vos hanches en position assise et ajoutez 5 cm.',
    ),
  }),
  checkbox(
    'seat-depth',
    t(
      'Seat depth adjustment',
      'Zitdiepteverstelling',
      'Sitztiefenverstellung',
      'Réglage de la profondeur d’assise',
    ),
    {
      price: 25,
    },
  ),
];
