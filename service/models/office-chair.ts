import {DisplayType, FeatureType} from '../../src/wire/index.js';
import type {ModelDefinition} from '../engine/model-definition.js';
import {checkbox, group, option, orOption, part, t} from './authoring.js';
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
    children: [
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
          option(
            'upholstery-vegan',
            t('Vegan leather', 'Vegan leer', 'Veganes Leder', 'Cuir végan'),
            {
              price: 70,
              image: 'upholstery-vegan',
            },
          ),
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
        orOption(
          'mech-slide',
          t('Seat slider', 'Zitschuif', 'Sitzschiebung', 'Translation d’assise'),
          {price: 20},
        ),
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
    ],
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
