/**
 * Renders the demo AI-alarm photos once (they are committed under
 * src/web/public/img/demo-alarms/): a small reservoir scene per alarm kind,
 * drawn as SVG and photographed by Chromium as a JPEG, plus the same scene
 * with the AI's detection box and label drawn — the boxes come from
 * src/server/seed/demoAlarmsData.ts, so the seeded labels match the pictures.
 *
 *   node node_modules/tsx/dist/cli.mjs scripts/demoAlarmPhotos.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_ALARMS, DEMO_PHOTO_SIZE, type DemoAlarm } from '../src/server/seed/demoAlarmsData.js';

const OUT = path.resolve(import.meta.dirname, '../src/web/public/img/demo-alarms');
const { width: W, height: H } = DEMO_PHOTO_SIZE;

/** Sky, far hills, the water and the dam crest every scene shares; night for the intrusion. */
function backdrop(night = false): string {
  const sky = night ? ['#0b1a2e', '#1d3557'] : ['#9cc9ea', '#dceefa'];
  return `
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
      <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${night ? '#1b3a4b' : '#4f8fa8'}"/><stop offset="1" stop-color="${night ? '#0d2230' : '#2d6478'}"/></linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <path d="M0 110 Q60 60 130 95 T260 80 T380 90 T480 70 V140 H0Z" fill="${night ? '#1e3b2c' : '#5f8f5a'}"/>
    <path d="M0 125 Q90 95 170 118 T340 110 T480 105 V150 H0Z" fill="${night ? '#17301f' : '#4b7a46'}"/>
    <rect y="140" width="${W}" height="${H - 140}" fill="url(#water)"/>
    ${[0, 1, 2, 3, 4, 5]
      .map((i) => `<path d="M${20 + i * 80} ${170 + (i % 3) * 25} q10 -4 20 0 t20 0" stroke="#cfe6ef" stroke-opacity="0.45" fill="none"/>`)
      .join('')}`;
}

function person(x: number, y: number, color = '#c0392b'): string {
  return `<g><circle cx="${x}" cy="${y}" r="7" fill="#f1c27d"/><rect x="${x - 7}" y="${y + 7}" width="14" height="26" rx="4" fill="${color}"/>
    <rect x="${x - 6}" y="${y + 33}" width="5" height="20" fill="#2c3e50"/><rect x="${x + 1}" y="${y + 33}" width="5" height="20" fill="#2c3e50"/></g>`;
}

function damCrest(night = false): string {
  return `<polygon points="0,205 ${W},150 ${W},170 0,235" fill="${night ? '#5b6770' : '#b8b2a7'}"/>
    <polygon points="0,235 ${W},170 ${W},${H} 0,${H}" fill="${night ? '#3d464d' : '#8d8779'}"/>
    ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${i * 62 + 8}" y="${196 - i * 6.6}" width="4" height="14" fill="#e8e4dc"/>`).join('')}`;
}

const SCENES: Record<DemoAlarm['photo'], () => string> = {
  fishing: () =>
    `${backdrop()}<polygon points="250,${H} 300,205 ${W},200 ${W},${H}" fill="#9b8f7c"/>${person(318, 150, '#1f6fb2')}
     <line x1="326" y1="168" x2="390" y2="120" stroke="#3b2f2f" stroke-width="2"/><path d="M390 120 Q405 160 400 200" stroke="#eee" stroke-width="1" fill="none"/>
     <rect x="296" y="196" width="26" height="12" fill="#6d4c41"/>`,
  swimming: () =>
    `${backdrop()}<circle cx="270" cy="168" r="8" fill="#f1c27d"/><path d="M248 174 q10 -14 22 0 q12 -14 24 0" stroke="#f1c27d" stroke-width="5" fill="none"/>
     <ellipse cx="270" cy="178" rx="30" ry="6" fill="#ffffff" fill-opacity="0.35"/>`,
  debris: () =>
    `${backdrop()}<rect x="40" y="150" width="60" height="70" fill="#9e9e9e"/><rect x="48" y="160" width="44" height="8" fill="#616161"/>
     ${[0, 1, 2, 3, 4, 5, 6]
       .map(
         (i) =>
           `<rect x="${158 + i * 22}" y="${182 + (i % 3) * 8}" width="${18 + (i % 2) * 10}" height="7" rx="3" fill="${['#8d6e63', '#f5f5f5', '#43a047', '#ffb300'][i % 4]}"/>`,
       )
       .join('')}
     <rect x="170" y="176" width="70" height="9" rx="4" fill="#6d4c41" transform="rotate(-8 205 180)"/>`,
  intrusion: () => `${backdrop(true)}${damCrest(true)}${person(222, 110, '#7f8c8d')}<circle cx="420" cy="40" r="14" fill="#f5f3ce"/>`,
  vehicle: () =>
    `${backdrop()}${damCrest()}<g transform="translate(300 100)"><rect x="0" y="18" width="110" height="30" rx="6" fill="#d32f2f"/>
     <path d="M20 18 L34 0 H78 L92 18Z" fill="#b71c1c"/><rect x="38" y="4" width="18" height="13" fill="#bbdefb"/><rect x="60" y="4" width="18" height="13" fill="#bbdefb"/>
     <circle cx="24" cy="50" r="9" fill="#212121"/><circle cx="86" cy="50" r="9" fill="#212121"/></g>`,
  smoke: () =>
    `${backdrop()}<path d="M330 140 Q360 70 420 120 L480 100 V150 H330Z" fill="#4b7a46"/>
     ${[0, 1, 2, 3]
       .map((i) => `<circle cx="${370 + i * 12}" cy="${120 - i * 22}" r="${16 + i * 6}" fill="#9e9e9e" fill-opacity="${0.75 - i * 0.12}"/>`)
       .join('')}
     <path d="M372 140 q6 -18 12 0 q6 -14 10 0Z" fill="#ff7043"/>`,
};

/** The camera's caption strip (ASCII: the render machine need not have CJK fonts). */
function caption(alarm: DemoAlarm): string {
  return `<rect x="0" y="0" width="${W}" height="20" fill="#000" fill-opacity="0.45"/>
    <text x="8" y="14" font-family="monospace" font-size="12" fill="#fff">CH01  ${alarm.alarmId}</text>`;
}

function detection(alarm: DemoAlarm): string {
  const [x, y, w, h] = alarm.box;
  const text = `${alarm.labelEn} ${alarm.confidence.toFixed(2)}`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#ff1744" stroke-width="3"/>
    <rect x="${x - 1.5}" y="${y - 18}" width="${text.length * 7 + 10}" height="18" fill="#ff1744"/>
    <text x="${x + 4}" y="${y - 5}" font-family="sans-serif" font-size="12" font-weight="bold" fill="#fff">${text}</text>`;
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  const firstOfEachPhoto = DEMO_ALARMS.filter((alarm, index, all) => all.findIndex((a) => a.photo === alarm.photo) === index);
  for (const alarm of firstOfEachPhoto) {
    const scene = SCENES[alarm.photo]() + caption(alarm);
    for (const [name, body] of [
      [alarm.photo, scene],
      [`${alarm.photo}-ai`, scene + detection(alarm)],
    ]) {
      await page.setContent(`<html><body style="margin:0">${svg(body)}</body></html>`);
      await page.screenshot({ path: path.join(OUT, `${name}.jpg`), type: 'jpeg', quality: 70, clip: { x: 0, y: 0, width: W, height: H } });
    }
  }
  await browser.close();
  for (const file of fs.readdirSync(OUT)) console.log(file, fs.statSync(path.join(OUT, file)).size, 'bytes');
}

await main();
