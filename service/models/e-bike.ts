import {DisplayType, FeatureType} from '../../src/wire/index.js';
import type {ModelDefinition, PictureView} from '../engine/model-definition.js';
import {checkbox, group, option, orOption, part, t} from './authoring.js';

const paint: Record<string, string> = {
  'paint-moss': '#5d7a4f',
  'paint-sand': '#d8c7a3',
  'paint-midnight': '#243a63',
  'paint-black': '#1e1f22',
};

function picture(view: PictureView): string {
  const colour = paint[view.choice('paint') ?? ''] ?? '#5d7a4f';
  const stepThrough = view.isOn('frame-step-through') || view.isOn('frame-low-step');
  const mid = view.isOn('motor-mid');
  const battery = view.isOn('battery-625') ? 70 : view.isOn('battery-500') ? 60 : 50;
  const parts: string[] = [
    '<ellipse cx="200" cy="345" rx="175" ry="10" fill="#000" opacity=".08"/>',
  ];
  for (const cx of [95, 305]) {
    parts.push(`<circle cx="${cx}" cy="270" r="68" fill="none" stroke="#222" stroke-width="10"/>`);
    parts.push(`<circle cx="${cx}" cy="270" r="6" fill="#555"/>`);
  }
  const top = stepThrough ? 'M150 175Q175 250 200 270' : 'M150 175L265 175';
  parts.push(
    `<path d="M95 270L200 270L150 175M200 270L265 175L305 270M${top.slice(1)}M265 175L258 150M150 175L145 150" fill="none" stroke="${colour}" stroke-width="11" stroke-linejoin="round" stroke-linecap="round"/>`,
  );
  parts.push(
    `<rect x="${mid ? 185 : 210}" y="${mid ? 255 : 200}" width="${mid ? 32 : 14}" height="${mid ? 30 : battery}" rx="6" fill="#333" transform="${mid ? '' : 'rotate(-55 217 230)'}"/>`,
  );
  if (!mid) parts.push('<circle cx="95" cy="270" r="18" fill="#333"/>');
  parts.push('<path d="M130 150h32" stroke="#111" stroke-width="9" stroke-linecap="round"/>');
  parts.push('<path d="M250 145h24" stroke="#111" stroke-width="6" stroke-linecap="round"/>');
  if (view.isOn('rear-rack'))
    parts.push('<path d="M90 190h80M95 190l10 70" stroke="#444" stroke-width="5"/>');
  if (view.isOn('panniers'))
    parts.push('<rect x="80" y="195" width="60" height="55" rx="8" fill="#8a5a36"/>');
  if (view.isOn('child-seat')) parts.push('<path d="M95 185h60v-45h-14v30h-46z" fill="#e0a030"/>');
  if (view.isOn('front-basket'))
    parts.push(
      '<rect x="268" y="120" width="50" height="32" rx="4" fill="none" stroke="#6b4d2f" stroke-width="5"/>',
    );
  if (view.isOn('light-front')) parts.push('<circle cx="280" cy="165" r="7" fill="#ffd84a"/>');
  if (view.isOn('light-rear')) parts.push('<circle cx="88" cy="182" r="6" fill="#e2402c"/>');
  // The frame size shows as the bike's size, standing on the same ground line.
  const scale = frameScale[view.choice('frame-size') ?? ''] ?? 1;
  return scale === 1
    ? parts.join('')
    : `<g transform="translate(200 345) scale(${scale}) translate(-200 -345)">${parts.join('')}</g>`;
}

const frameScale: Record<string, number> = {
  'size-s': 0.88,
  'size-m': 0.94,
  'size-l': 1,
  'size-xl': 1.06,
};

/** An electric bike: frame, drive train, accessories, registration details. */
export const eBike: ModelDefinition = {
  key: 'e-bike',
  vatRate: 0.21,
  countryIso: 'nl',
  picture,
  lease: [
    {months: 24, rate: 0.0465},
    {months: 36, rate: 0.0323},
    {months: 48, rate: 0.0253},
  ],
  root: {
    key: 'e-bike',
    name: t('E-Bike', 'E-bike', 'E-Bike'),
    description: t(
      'A city e-bike assembled in Amsterdam. Ride up to <strong>25 km/h</strong> with pedal assist.',
      'Een stads-e-bike, in Amsterdam gebouwd. Trapondersteuning tot <strong>25 km/u</strong>.',
      'Ein City-E-Bike, in Amsterdam montiert. Tretunterstützung bis <strong>25 km/h</strong>.',
    ),
    image: 'e-bike',
    price: 2499,
    articleCode: 'EB-3000',
    children: [
      group(
        'frame-type',
        t('Frame type', 'Frametype', 'Rahmenform'),
        [
          option('frame-diamond', t('Diamond', 'Heren', 'Diamant'), {
            selected: true,
            image: 'frame-diamond',
          }),
          option('frame-step-through', t('Step-through', 'Lage instap', 'Tiefeinsteiger'), {
            image: 'frame-step-through',
          }),
          option('frame-low-step', t('Low step', 'Dames', 'Trapez'), {image: 'frame-low-step'}),
        ],
        {displayType: DisplayType.card},
      ),
      group(
        'frame-size',
        t('Frame size', 'Framemaat', 'Rahmengröße'),
        [
          option('size-s', t('S (150–165 cm)', 'S (150–165 cm)', 'S (150–165 cm)')),
          option('size-m', t('M (165–180 cm)', 'M (165–180 cm)', 'M (165–180 cm)'), {
            selected: true,
          }),
          option('size-l', t('L (180–192 cm)', 'L (180–192 cm)', 'L (180–192 cm)')),
          option('size-xl', t('XL (192–205 cm)', 'XL (192–205 cm)', 'XL (192–205 cm)'), {
            excludes: ['frame-low-step'],
          }),
        ],
        {displayType: DisplayType.dropdown},
      ),
      group(
        'paint',
        t('Colour', 'Kleur', 'Farbe'),
        [
          option('paint-moss', t('Moss green', 'Mosgroen', 'Moosgrün'), {selected: true}),
          option('paint-sand', t('Sand', 'Zand', 'Sand')),
          option('paint-midnight', t('Midnight blue', 'Nachtblauw', 'Mitternachtsblau')),
          option('paint-black', t('Matte black', 'Mat zwart', 'Mattschwarz'), {price: 49}),
        ],
        {displayType: DisplayType.chips, featureType: FeatureType.colorPicker},
      ),
      group(
        'motor',
        t('Motor', 'Motor', 'Motor'),
        [
          option(
            'motor-hub',
            t('Rear hub motor, 45 Nm', 'Achterwielmotor, 45 Nm', 'Hinterradnabenmotor, 45 Nm'),
            {
              selected: true,
            },
          ),
          option(
            'motor-mid',
            t('Mid-drive motor, 85 Nm', 'Middenmotor, 85 Nm', 'Mittelmotor, 85 Nm'),
            {
              price: 600,
              description: t(
                'Natural feel on hills; takes the large batteries.',
                'Natuurlijk gevoel op heuvels; geschikt voor de grote accu’s.',
                'Natürliches Fahrgefühl am Berg; passt zu den großen Akkus.',
              ),
            },
          ),
        ],
        {displayType: DisplayType.card},
      ),
      group('battery', t('Battery', 'Accu', 'Akku'), [
        option(
          'battery-400',
          t('400 Wh (up to 70 km)', '400 Wh (tot 70 km)', '400 Wh (bis 70 km)'),
          {
            selected: true,
          },
        ),
        option(
          'battery-500',
          t('500 Wh (up to 90 km)', '500 Wh (tot 90 km)', '500 Wh (bis 90 km)'),
          {
            price: 250,
          },
        ),
        option(
          'battery-625',
          t('625 Wh (up to 120 km)', '625 Wh (tot 120 km)', '625 Wh (bis 120 km)'),
          {
            price: 400,
            requires: ['motor-mid'],
          },
        ),
      ]),
      checkbox('second-battery', t('Second battery', 'Tweede accu', 'Zweitakku'), {
        price: 549,
        requires: ['motor-mid'],
      }),
      group(
        'gears',
        t('Gears', 'Versnellingen', 'Schaltung'),
        [
          option('gears-8', t('8-speed hub', '8 versnellingen in de naaf', '8-Gang-Nabe'), {
            selected: true,
          }),
          option('gears-stepless', t('Stepless hub', 'Traploze naaf', 'Stufenlose Nabe'), {
            price: 350,
          }),
          option(
            'gears-derailleur',
            t('10-speed derailleur', '10 versnellingen derailleur', '10-Gang-Kettenschaltung'),
            {
              price: 120,
              excludes: ['belt-drive'],
            },
          ),
        ],
        {displayType: DisplayType.dropdown},
      ),
      checkbox('belt-drive', t('Belt drive', 'Riemaandrijving', 'Riemenantrieb'), {
        price: 199,
        description: t(
          'Clean and silent, no oiling. Not with a derailleur.',
          'Schoon en stil, nooit smeren. Niet met een derailleur.',
          'Sauber und leise, kein Ölen. Nicht mit Kettenschaltung.',
        ),
      }),
      checkbox('rear-rack', t('Rear rack', 'Bagagedrager', 'Gepäckträger'), {
        price: 49,
        selected: true,
      }),
      checkbox('panniers', t('Pannier bags', 'Fietstassen', 'Packtaschen'), {
        price: 89,
        requires: ['rear-rack'],
      }),
      checkbox('child-seat', t('Child seat', 'Kinderzitje', 'Kindersitz'), {
        price: 139,
        requires: ['rear-rack'],
        excludes: ['panniers'],
        description: t(
          'For children 9 months to 6 years, up to 22 kg. Takes the place of pannier bags.',
          'Voor kinderen van 9 maanden tot 6 jaar, tot 22 kg. Neemt de plaats van fietstassen in.',
          'Für Kinder von 9 Monaten bis 6 Jahren, bis 22 kg. Ersetzt die Packtaschen.',
        ),
      }),
      checkbox('front-basket', t('Front basket', 'Voormand', 'Frontkorb'), {price: 59}),
      group('lights', t('Lights', 'Verlichting', 'Beleuchtung'), [
        orOption('light-front', t('Front light', 'Koplamp', 'Frontlicht'), {selected: true}),
        orOption(
          'light-rear',
          t('Rear light with brake light', 'Achterlicht met remlicht', 'Rücklicht mit Bremslicht'),
          {
            selected: true,
            price: 19,
          },
        ),
        orOption('light-daytime', t('Daytime running light', 'Dagrijverlichting', 'Tagfahrlicht'), {
          price: 29,
        }),
      ]),
      group(
        'kickstand',
        t('Kickstand', 'Standaard', 'Ständer'),
        [
          option('kickstand-single', t('Single leg', 'Enkele poot', 'Einbein'), {selected: true}),
          option('kickstand-double', t('Double leg', 'Dubbele poot', 'Zweibein'), {price: 35}),
        ],
        {displayType: DisplayType.dropdown},
      ),
      part('saddle-height', t('Saddle height', 'Zadelhoogte', 'Sattelhöhe'), {
        displayType: DisplayType.slider,
        min: 70,
        max: 100,
        step: 1,
        value: 82,
        unitOfMeasurement: t('cm', 'cm', 'cm'),
      }),
      part('spare-tubes', t('Spare inner tubes', 'Reservebinnenbanden', 'Ersatzschläuche'), {
        displayType: DisplayType.input,
        min: 0,
        max: 4,
        step: 1,
        value: 0,
        price: 8,
        unitOfMeasurement: t('pcs', 'st.', 'Stk.'),
      }),
      group('security', t('Security', 'Beveiliging', 'Sicherheit'), [
        checkbox('frame-lock', t('Frame lock', 'Ringslot', 'Rahmenschloss'), {
          price: 49,
          selected: true,
        }),
        checkbox('chain-lock', t('Plug-in chain', 'Insteekketting', 'Einsteckkette'), {
          price: 39,
          requires: ['frame-lock'],
        }),
        checkbox('gps-tracker', t('GPS tracker', 'GPS-tracker', 'GPS-Tracker'), {
          price: 99,
          description: t(
            'Find your bike on a map. <a href="https://example.com/tracker">How it works</a>.',
            'Vind je fiets op de kaart. <a href="https://example.com/tracker">Zo werkt het</a>.',
            'Finden Sie Ihr Rad auf der Karte. <a href="https://example.com/tracker">So funktioniert es</a>.',
          ),
        }),
      ]),
      part(
        'owner-name',
        t('Registration name', 'Naam voor registratie', 'Name für die Registrierung'),
        {
          featureType: FeatureType.text,
          mandatory: true,
          description: t(
            'Engraved on the frame and used for the theft register.',
            'Gegraveerd in het frame en gebruikt voor het diefstalregister.',
            'In den Rahmen graviert und für das Diebstahlregister verwendet.',
          ),
        },
      ),
      group(
        'insurance',
        t('Insurance', 'Verzekering', 'Versicherung'),
        [
          option('insurance-none', t('No insurance', 'Geen verzekering', 'Keine Versicherung')),
          option('insurance-theft', t('Theft, 3 years', 'Diefstal, 3 jaar', 'Diebstahl, 3 Jahre'), {
            price: 149,
          }),
          option(
            'insurance-all',
            t('All risks, 3 years', 'All risk, 3 jaar', 'Vollkasko, 3 Jahre'),
            {
              price: 249,
              requires: ['frame-lock'],
            },
          ),
        ],
        {mandatory: true},
      ),
    ],
  },
  steps: [
    {
      key: 'frame',
      title: t('Frame', 'Frame', 'Rahmen'),
      icon: 'step-frame',
      features: ['frame-type', 'frame-size', 'paint', 'saddle-height'],
    },
    {
      key: 'drive',
      title: t('Drive', 'Aandrijving', 'Antrieb'),
      icon: 'step-drive',
      features: ['motor', 'battery', 'second-battery', 'gears', 'belt-drive'],
    },
    {
      key: 'accessories',
      title: t('Accessories', 'Accessoires', 'Zubehör'),
      icon: 'step-accessories',
      features: [
        'rear-rack',
        'panniers',
        'child-seat',
        'front-basket',
        'lights',
        'kickstand',
        'spare-tubes',
      ],
    },
    {
      key: 'ownership',
      title: t('Ownership', 'Eigendom', 'Besitz'),
      icon: 'step-ownership',
      features: ['security', 'owner-name', 'insurance'],
    },
  ],
};
