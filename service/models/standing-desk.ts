import {DisplayType, FeatureType} from '../../src/wire/index.js';
import {escapeXml} from '../engine/step-image.js';
import type {ModelDefinition, PictureView} from '../engine/model-definition.js';
import {checkbox, group, option, orOption, part, t} from './authoring.js';

const topColours: Record<string, string> = {
  'top-oak': '#c89f6d',
  'top-walnut': '#6b4a33',
  'top-white': '#f1efea',
  'top-bamboo': '#d9b97c',
  'top-glass': '#bfe3ea',
};
const frameColours: Record<string, string> = {
  'desk-frame-black': '#22252a',
  'desk-frame-white': '#e9ebee',
  'desk-frame-silver': '#aeb4ba',
};

function picture(view: PictureView): string {
  const top = topColours[view.choice('desktop') ?? ''] ?? '#c89f6d';
  const frame = frameColours[view.choice('desk-frame-colour') ?? ''] ?? '#22252a';
  const width = 180 + ((view.value('desk-width') || 140) - 110) * 1.5;
  const left = 200 - width / 2;
  const topY = 150;
  const glass = view.isOn('top-glass');
  const parts: string[] = [
    '<ellipse cx="200" cy="350" rx="170" ry="12" fill="#000" opacity=".08"/>',
    `<rect x="${left}" y="${topY}" width="${width}" height="16" rx="${view.isOn('edge-rounded') ? 8 : 2}" fill="${top}" ${glass ? 'opacity=".75" stroke="#7fb7c4"' : ''}/>`,
  ];
  for (const x of [left + 30, left + width - 46]) {
    parts.push(
      `<rect x="${x}" y="${topY + 16}" width="16" height="${view.isOn('legs-3-stage') ? 170 : 168}" fill="${frame}"/>`,
    );
    parts.push(`<rect x="${x - 22}" y="338" width="60" height="10" rx="4" fill="${frame}"/>`);
    if (view.isOn('castors-desk')) parts.push(`<circle cx="${x + 8}" cy="352" r="6" fill="#333"/>`);
  }
  parts.push(
    `<rect x="${left + 40}" y="${topY + 22}" width="${width - 80}" height="8" fill="${frame}"/>`,
  );
  if (view.isOn('cable-tray')) {
    parts.push(
      `<path d="M${left + 70} ${topY + 30}h${width - 140}v18h-${width - 140}z" fill="none" stroke="${frame}" stroke-width="3"/>`,
    );
  }
  if (view.isOn('drawer'))
    parts.push(
      `<rect x="${200 - 40}" y="${topY + 16}" width="80" height="22" rx="3" fill="#ddd" stroke="#999"/>`,
    );
  const arms = view.value('monitor-arms');
  for (let i = 0; i < arms; i++) {
    const x = 200 + (i - (arms - 1) / 2) * 70;
    parts.push(
      `<path d="M${x} ${topY}v-50h0" stroke="#444" stroke-width="5"/><rect x="${x - 30}" y="${topY - 95}" width="60" height="40" rx="3" fill="#2f3540"/>`,
    );
  }
  if (view.isOn('controller-memory') || view.isOn('controller-app')) {
    parts.push(
      `<rect x="${left + width - 40}" y="${topY + 16}" width="26" height="10" rx="2" fill="#444"/>`,
    );
  }
  const plate = view.isOn('nameplate') ? view.text('nameplate-text') : '';
  if (plate) {
    parts.push(
      `<text x="200" y="${topY - 10}" text-anchor="middle" font-size="13" fill="#333">${escapeXml(plate.slice(0, 30))}</text>`,
    );
  }
  return parts.join('');
}

/** A sit-stand desk: top material and size, motor and controller, accessories. */
export const standingDesk: ModelDefinition = {
  key: 'standing-desk',
  vatRate: 0.21,
  countryIso: 'nl',
  picture,
  lease: [
    {months: 24, rate: 0.0463},
    {months: 36, rate: 0.0321},
    {months: 48, rate: 0.0251},
  ],
  root: {
    key: 'standing-desk',
    name: t('Standing Desk', 'Zit-sta bureau', 'Steh-Sitz-Schreibtisch'),
    description: t(
      'An electric sit-stand desk, made to measure. <ul><li>Height 62–127 cm</li><li>Load up to 120 kg</li></ul>',
      'Een elektrisch zit-sta bureau op maat. <ul><li>Hoogte 62–127 cm</li><li>Belastbaar tot 120 kg</li></ul>',
      'Ein elektrischer Steh-Sitz-Schreibtisch nach Maß. <ul><li>Höhe 62–127 cm</li><li>Belastbar bis 120 kg</li></ul>',
    ),
    image: 'standing-desk',
    price: 399,
    articleCode: 'SD-2000',
    children: [
      group(
        'desktop',
        t('Desktop', 'Bureaublad', 'Tischplatte'),
        [
          option('top-oak', t('Oak veneer', 'Eikenfineer', 'Eichenfurnier'), {
            selected: true,
            image: 'top-oak',
            price: 0,
          }),
          option('top-walnut', t('Walnut veneer', 'Notenfineer', 'Nussbaumfurnier'), {
            price: 150,
            image: 'top-walnut',
          }),
          option('top-white', t('White laminate', 'Wit laminaat', 'Weißes Laminat'), {
            image: 'top-white',
          }),
          option('top-bamboo', t('Bamboo', 'Bamboe', 'Bambus'), {price: 90, image: 'top-bamboo'}),
          option('top-glass', t('Frosted glass', 'Gezandstraald glas', 'Satiniertes Glas'), {
            price: 220,
            image: 'top-glass',
            excludes: ['cable-tray', 'drawer', 'wireless-charger'],
            description: t(
              'Tempered safety glass. Nothing can be mounted underneath: <strong>no cable tray, no drawer</strong>.',
              'Gehard veiligheidsglas. Er kan niets onder gemonteerd worden: <strong>geen kabelgoot, geen lade</strong>.',
              'Gehärtetes Sicherheitsglas. Darunter lässt sich nichts montieren: <strong>keine Kabelwanne, keine Schublade</strong>.',
            ),
          }),
        ],
        {displayType: DisplayType.card},
      ),
      group('size', t('Size', 'Afmetingen', 'Größe'), [
        part('desk-width', t('Width', 'Breedte', 'Breite'), {
          displayType: DisplayType.input,
          min: 110,
          max: 210,
          step: 10,
          value: 140,
          price: 1.5,
          unitOfMeasurement: t('cm', 'cm', 'cm'),
          description: t(
            'In steps of 10 cm; priced per centimetre.',
            'In stappen van 10 cm; prijs per centimeter.',
            'In 10-cm-Schritten; Preis pro Zentimeter.',
          ),
        }),
        part('desk-depth', t('Depth', 'Diepte', 'Tiefe'), {
          displayType: DisplayType.input,
          min: 60,
          max: 90,
          step: 10,
          value: 80,
          price: 1,
          unitOfMeasurement: t('cm', 'cm', 'cm'),
        }),
      ]),
      group(
        'edge',
        t('Edge finish', 'Randafwerking', 'Kantenform'),
        [
          option('edge-straight', t('Straight', 'Recht', 'Gerade'), {selected: true}),
          option('edge-rounded', t('Rounded', 'Afgerond', 'Abgerundet'), {price: 25}),
          option('edge-bevelled', t('Bevelled', 'Afgeschuind', 'Abgeschrägt'), {price: 35}),
          option(
            'edge-ergonomic',
            t('Ergonomic cut-out', 'Ergonomische uitsparing', 'Ergonomischer Ausschnitt'),
            {
              price: 45,
            },
          ),
        ],
        {displayType: DisplayType.dropdown},
      ),
      group(
        'desk-frame-colour',
        t('Frame colour', 'Framekleur', 'Gestellfarbe'),
        [
          option('desk-frame-black', t('Black', 'Zwart', 'Schwarz'), {selected: true}),
          option('desk-frame-white', t('White', 'Wit', 'Weiß')),
          option('desk-frame-silver', t('Silver', 'Zilver', 'Silber'), {price: 20}),
        ],
        {displayType: DisplayType.chips, featureType: FeatureType.colorPicker},
      ),
      group('motor', t('Motor', 'Motor', 'Motor'), [
        option('motor-single', t('Single motor', 'Enkele motor', 'Einzelmotor'), {
          selected: true,
          description: t('Lifts up to 80 kg.', 'Tilt tot 80 kg.', 'Hebt bis 80 kg.'),
        }),
        option('motor-dual', t('Dual motor', 'Dubbele motor', 'Doppelmotor'), {
          price: 180,
          requires: [{key: 'desk-width', atLeast: 160}],
          description: t(
            'Lifts up to 120 kg, quieter. Needs a desktop of <strong>at least 160 cm</strong>.',
            'Tilt tot 120 kg, stiller. Vereist een blad van <strong>minstens 160 cm</strong>.',
            'Hebt bis 120 kg, leiser. Erfordert eine Platte von <strong>mindestens 160 cm</strong>.',
          ),
        }),
      ]),
      group(
        'legs',
        t('Lifting columns', 'Hefkolommen', 'Hubsäulen'),
        [
          option(
            'legs-2-stage',
            t('2-stage (72–121 cm)', '2-traps (72–121 cm)', '2-stufig (72–121 cm)'),
            {
              selected: true,
            },
          ),
          option(
            'legs-3-stage',
            t('3-stage (62–127 cm)', '3-traps (62–127 cm)', '3-stufig (62–127 cm)'),
            {
              price: 90,
              requires: ['motor-dual'],
            },
          ),
        ],
        {displayType: DisplayType.card},
      ),
      group('controller', t('Controller', 'Bediening', 'Bedienteil'), [
        option('controller-basic', t('Up/down', 'Op/neer', 'Auf/Ab'), {selected: true}),
        option(
          'controller-memory',
          t('4 memory presets', '4 geheugenposities', '4 Speicherpositionen'),
          {
            price: 49,
          },
        ),
        option('controller-app', t('App connected', 'Met app', 'Mit App'), {price: 89}),
      ]),
      checkbox('collision-sensor', t('Collision sensor', 'Botsingsensor', 'Kollisionssensor'), {
        price: 29,
        selected: true,
      }),
      part(
        'sitting-height',
        t('Preferred sitting height', 'Gewenste zithoogte', 'Bevorzugte Sitzhöhe'),
        {
          displayType: DisplayType.slider,
          min: 62,
          max: 85,
          step: 1,
          value: 72,
          unitOfMeasurement: t('cm', 'cm', 'cm'),
          description: t(
            'We preset the first memory position to it.',
            'We stellen de eerste geheugenpositie hierop in.',
            'Wir stellen die erste Speicherposition darauf ein.',
          ),
        },
      ),
      checkbox('cable-tray', t('Cable tray', 'Kabelgoot', 'Kabelwanne'), {price: 39}),
      checkbox('cable-spine', t('Cable spine', 'Kabelslang', 'Kabelkette'), {price: 29}),
      checkbox('drawer', t('Under-desk drawer', 'Lade onder het blad', 'Unterbauschublade'), {
        price: 59,
      }),
      checkbox(
        'castors-desk',
        t('Lockable castors', 'Vergrendelbare wielen', 'Feststellbare Rollen'),
        {
          price: 39,
          excludes: ['legs-3-stage'],
        },
      ),
      checkbox('power', t('Power module', 'Stroommodule', 'Strommodul'), {
        price: 45,
        children: [
          orOption('power-sockets', t('2 power sockets', '2 stopcontacten', '2 Steckdosen'), {
            selected: true,
          }),
          orOption('power-usb-a', t('USB-A charger', 'USB-A-lader', 'USB-A-Ladegerät'), {
            price: 15,
          }),
          orOption('power-usb-c', t('USB-C 65 W', 'USB-C 65 W', 'USB-C 65 W'), {price: 35}),
          orOption(
            'wireless-charger',
            t('Wireless charging pad', 'Draadloze oplader', 'Kabelloses Ladepad'),
            {
              price: 49,
              description: t(
                'Built into the desktop; works through wood only.',
                'Ingebouwd in het blad; werkt alleen door hout.',
                'In die Platte eingebaut; funktioniert nur durch Holz.',
              ),
            },
          ),
        ],
      }),
      part('monitor-arms', t('Monitor arms', 'Monitorarmen', 'Monitorarme'), {
        displayType: DisplayType.input,
        min: 0,
        max: 4,
        step: 1,
        value: 0,
        price: 79,
        unitOfMeasurement: t('pcs', 'st.', 'Stk.'),
      }),
      checkbox('mat', t('Anti-fatigue mat', 'Anti-vermoeidheidsmat', 'Anti-Ermüdungsmatte'), {
        price: 49,
      }),
      checkbox('nameplate', t('Name plate', 'Naambordje', 'Namensschild'), {
        price: 12,
        children: [
          part(
            'nameplate-text',
            t('Text on the plate', 'Tekst op het bordje', 'Text auf dem Schild'),
            {
              featureType: FeatureType.text,
              mandatory: true,
            },
          ),
        ],
      }),
      group(
        'delivery',
        t('Delivery', 'Levering', 'Lieferung'),
        [
          option(
            'delivery-kerbside',
            t('Kerbside delivery', 'Levering aan de deur', 'Lieferung bis Bordsteinkante'),
          ),
          option(
            'delivery-assembled',
            t('Delivered and assembled', 'Geleverd en gemonteerd', 'Geliefert und montiert'),
            {
              price: 79,
            },
          ),
          option(
            'delivery-pickup',
            t('Pick up in store', 'Afhalen in de winkel', 'Abholung im Geschäft'),
            {
              price: -10,
              description: t(
                '€10 off. See <a href="https://example.com/stores" target="_blank">our stores</a>.',
                '€10 korting. Zie <a href="https://example.com/stores" target="_blank">onze winkels</a>.',
                '10 € Rabatt. Siehe <a href="https://example.com/stores" target="_blank">unsere Geschäfte</a>.',
              ),
            },
          ),
        ],
        {mandatory: true},
      ),
    ],
  },
  steps: [
    {
      key: 'desktop',
      title: t('Desktop', 'Bureaublad', 'Tischplatte'),
      icon: 'step-desktop',
      features: ['desktop', 'size', 'edge'],
    },
    {
      key: 'frame',
      title: t('Frame & motor', 'Frame & motor', 'Gestell & Motor'),
      icon: 'step-frame',
      features: [
        'desk-frame-colour',
        'motor',
        'legs',
        'controller',
        'collision-sensor',
        'sitting-height',
      ],
    },
    {
      key: 'accessories',
      title: t('Accessories', 'Accessoires', 'Zubehör'),
      icon: 'step-accessories',
      features: [
        'cable-tray',
        'cable-spine',
        'drawer',
        'castors-desk',
        'power',
        'monitor-arms',
        'mat',
      ],
    },
    {
      key: 'delivery',
      title: t('Delivery', 'Levering', 'Lieferung'),
      icon: 'step-delivery',
      features: ['nameplate', 'delivery'],
    },
  ],
};
