// The Office Chair's picture, apart from its model: a drawing made from the configuration, so
// that each colour, back and engraving the shopper chooses shows in it.
import {escapeXml} from '../engine/step-image.js';
import type {PictureView} from '../engine/model-definition.js';

const frameColours: Record<string, string> = {
  'frame-black': '#23262b',
  'frame-white': '#eceef0',
  'frame-silver': '#b9bec4',
  'frame-graphite': '#575c63',
};
const fabricColours: Record<string, string> = {
  'colour-anthracite': '#3d4047',
  'colour-navy': '#27406b',
  'colour-sand': '#cbb58e',
  'colour-sage': '#7f9a7a',
};
const baseColours: Record<string, string> = {
  'base-nylon': '#2a2c30',
  'base-aluminium': '#c3c8cd',
  'base-oak': '#b5814f',
};

/** The chair as an SVG drawing, in the colours and with the parts the shopper chose. */
export function officeChairPicture(view: PictureView): string {
  const frame = frameColours[view.choice('frame-colour') ?? ''] ?? '#23262b';
  const fabric = fabricColours[view.choice('upholstery-colour') ?? ''] ?? '#3d4047';
  const base = baseColours[view.choice('base') ?? ''] ?? '#2a2c30';
  const high = view.isOn('back-high');
  const mesh = view.isOn('back-mesh');
  const width = 180 * ((view.value('seat-width') || 48) / 48);
  const tall = view.isOn('lift-tall');
  const seatY = tall ? 215 : 235;
  const backTop = high ? 55 : 95;
  const parts: string[] = [
    '<defs><pattern id="mesh" width="8" height="8" patternUnits="userSpaceOnUse">',
    `<path d="M0 0L8 8M8 0L0 8" stroke="${fabric}" stroke-width="1.4"/></pattern></defs>`,
    '<ellipse cx="200" cy="372" rx="150" ry="12" fill="#000" opacity=".08"/>',
  ];
  for (const x of [60, 120, 200, 280, 340]) {
    parts.push(
      `<line x1="200" y1="335" x2="${x}" y2="${x === 200 ? 362 : 352}" stroke="${base}" stroke-width="10" stroke-linecap="round"/>`,
    );
    parts.push(
      `<circle cx="${x}" cy="${x === 200 ? 366 : 358}" r="${view.isOn('glides') ? 4 : 9}" fill="#1b1c1f"/>`,
    );
  }
  if (view.isOn('footring')) {
    parts.push(
      `<ellipse cx="200" cy="300" rx="70" ry="10" fill="none" stroke="${frame}" stroke-width="6"/>`,
    );
  }
  parts.push(
    `<rect x="192" y="${seatY + 30}" width="16" height="${335 - seatY - 30}" rx="4" fill="${frame}"/>`,
  );
  parts.push(
    `<rect x="185" y="${backTop + 40}" width="30" height="${seatY - backTop - 20}" rx="8" fill="${frame}"/>`,
  );
  parts.push(
    `<rect x="135" y="${backTop}" width="130" height="${seatY - backTop - 15}" rx="28" fill="${mesh ? 'url(#mesh)' : fabric}" stroke="${frame}" stroke-width="8"/>`,
  );
  if (view.isOn('headrest')) {
    parts.push(
      `<rect x="158" y="${backTop - 45}" width="84" height="32" rx="14" fill="${fabric}" stroke="${frame}" stroke-width="5"/>`,
    );
    parts.push(`<rect x="196" y="${backTop - 15}" width="8" height="18" fill="${frame}"/>`);
  }
  if (view.isOn('coat-hanger')) {
    parts.push(
      `<path d="M200 ${backTop - 4}v-18m-34 10q34-26 68 0" fill="none" stroke="${frame}" stroke-width="6" stroke-linecap="round"/>`,
    );
  }
  parts.push(
    `<rect x="${200 - width / 2}" y="${seatY}" width="${width}" height="34" rx="16" fill="${fabric}"/>`,
  );
  if (view.isOn('armrests')) {
    const pad = view.isOn('arm-pads') ? '#111' : frame;
    for (const x of [200 - width / 2 - 8, 200 + width / 2 - 12]) {
      parts.push(`<rect x="${x + 6}" y="${seatY - 40}" width="8" height="46" fill="${frame}"/>`);
      parts.push(
        `<rect x="${x - 8}" y="${seatY - 50}" width="36" height="12" rx="6" fill="${pad}"/>`,
      );
    }
  }
  const engraving = view.isOn('engraving') ? view.text('engraving-text') : '';
  if (engraving) {
    parts.push(
      `<text x="200" y="${seatY - 30}" text-anchor="middle" font-size="13" font-family="serif" fill="#f5f1e6">${escapeXml(engraving.slice(0, 24))}</text>`,
    );
  }
  return parts.join('');
}
