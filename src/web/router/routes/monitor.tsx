/**
 * The monitoring pages written by hand (contract 13 §F): 水雨情监测 at
 * /rain-monitoring/water-situation/index (tenant 173509's landing page) and
 * one page per family of monitored elements at /monitor/water-level,
 * /monitor/rainfall, /monitor/seepage-flow, /monitor/seepage-pressure and
 * /monitor/transshape. Behind the menu gate, loaded on demand; a generated
 * page of the same path gives way to these (routeModule.ts layoutRoutesOf).
 */
import { lazy } from 'react';
import { MONITOR_FAMILIES } from '../../../shared/monitorElements';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const WaterSituationPage = lazy(() => import('../../pages/monitor/WaterSituationPage').then((m) => ({ default: m.WaterSituationPage })));
const FamilyPage = lazy(() => import('../../pages/monitor/FamilyPage').then((m) => ({ default: m.FamilyPage })));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'rain-monitoring/water-situation/index', element: gatedPage(<WaterSituationPage />) },
    ...MONITOR_FAMILIES.map((info) => ({ path: info.path.slice(1), element: gatedPage(<FamilyPage key={info.family} family={info.family} />) })),
  ],
};

export default routes;
