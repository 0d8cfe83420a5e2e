/**
 * Demo reservoirs of the demo counties (domain notes §6): small reservoirs
 * with realistic scales, storages, dam types, heights and build years. The
 * names and places are illustrative, not an official register. Levels,
 * curves and people are derived from these figures by seed/reservoirs.ts.
 */

export interface ReservoirSeed {
  name: string;
  /** Last three digits of the township code (the county code comes first). */
  town: string;
  /** reservoir_scale: 1 小(1)型, 2 小(2)型. */
  scale: 1 | 2;
  /** 总库容, 万m³. */
  totalCapacity: number;
  /** dam_type key. */
  damType: number;
  /** 最大坝高, m. */
  damHeight: number;
  /** Riverbed elevation at the dam, m (1985 datum): the levels are built up from it. */
  bed: number;
  completedYear: number;
  reinforceYear?: number;
  /** reservoir_function keys. */
  functions: string;
  /** dam_safety_class after the last appraisal. */
  safetyClass: 1 | 2 | 3;
}

export interface CountySeed {
  tenantId: string;
  countyCode: string;
  countyName: string;
  /** The county water bureau: competent authority of every reservoir. */
  bureau: string;
  /** Map centre of the county, for the demo coordinates. */
  centre: [number, number];
  reservoirs: ReservoirSeed[];
}

export const demoCounties: CountySeed[] = [
  {
    tenantId: '100001', countyCode: '350524', countyName: '安溪县', bureau: '安溪县水利局', centre: [118.03, 25.12],
    reservoirs: [
      { name: '石门水库', town: '101', scale: 1, totalCapacity: 386, damType: 1, damHeight: 28.5, bed: 285, completedYear: 1975, reinforceYear: 2012, functions: '1,2', safetyClass: 1 },
      { name: '后溪水库', town: '102', scale: 1, totalCapacity: 142, damType: 2, damHeight: 22, bed: 162, completedYear: 1972, reinforceYear: 2010, functions: '1,2,3', safetyClass: 1 },
      { name: '岩前水库', town: '103', scale: 2, totalCapacity: 48, damType: 1, damHeight: 14.2, bed: 86, completedYear: 1966, reinforceYear: 2015, functions: '1,2', safetyClass: 2 },
      { name: '坑仔水库', town: '104', scale: 2, totalCapacity: 23.5, damType: 1, damHeight: 11.8, bed: 214, completedYear: 1969, functions: '2', safetyClass: 3 },
      { name: '大坑水库', town: '106', scale: 1, totalCapacity: 215, damType: 6, damHeight: 31, bed: 176, completedYear: 1978, reinforceYear: 2014, functions: '1,2,4', safetyClass: 1 },
      { name: '龙潭水库', town: '107', scale: 2, totalCapacity: 76, damType: 1, damHeight: 17.5, bed: 132, completedYear: 1973, reinforceYear: 2016, functions: '1,2', safetyClass: 2 },
      { name: '洋中水库', town: '108', scale: 2, totalCapacity: 35.2, damType: 3, damHeight: 13, bed: 64, completedYear: 1965, reinforceYear: 2011, functions: '1,2', safetyClass: 2 },
      { name: '芦田水库', town: '109', scale: 1, totalCapacity: 128, damType: 2, damHeight: 25, bed: 402, completedYear: 1976, reinforceYear: 2013, functions: '1,2,4', safetyClass: 1 },
      { name: '霞春水库', town: '110', scale: 2, totalCapacity: 18.6, damType: 1, damHeight: 9.5, bed: 486, completedYear: 1964, functions: '2', safetyClass: 2 },
      { name: '东溪水库', town: '112', scale: 2, totalCapacity: 62, damType: 1, damHeight: 16, bed: 355, completedYear: 1970, reinforceYear: 2017, functions: '1,2', safetyClass: 1 },
      { name: '白濑水库', town: '201', scale: 1, totalCapacity: 540, damType: 5, damHeight: 38, bed: 248, completedYear: 1978, reinforceYear: 2019, functions: '1,3,4', safetyClass: 1 },
      { name: '上洋水库', town: '202', scale: 2, totalCapacity: 29, damType: 1, damHeight: 12.5, bed: 312, completedYear: 1968, reinforceYear: 2009, functions: '2', safetyClass: 2 },
      { name: '尚卿水库', town: '203', scale: 2, totalCapacity: 41.5, damType: 4, damHeight: 15, bed: 268, completedYear: 1971, reinforceYear: 2018, functions: '1,2', safetyClass: 1 },
      { name: '福田水库', town: '210', scale: 2, totalCapacity: 12.8, damType: 1, damHeight: 8.6, bed: 538, completedYear: 1962, functions: '2', safetyClass: 3 },
      { name: '龙涓水库', town: '205', scale: 1, totalCapacity: 165, damType: 1, damHeight: 24, bed: 296, completedYear: 1974, reinforceYear: 2012, functions: '1,2', safetyClass: 1 },
      { name: '祥华水库', town: '208', scale: 2, totalCapacity: 55, damType: 7, damHeight: 19.5, bed: 612, completedYear: 1977, reinforceYear: 2020, functions: '1,2,4', safetyClass: 1 },
    ],
  },
  {
    tenantId: '316979', countyCode: '350322', countyName: '仙游县', bureau: '仙游县水利局', centre: [118.69, 25.36],
    reservoirs: [
      { name: '爱溪水库', town: '106', scale: 2, totalCapacity: 15, damType: 1, damHeight: 11.5, bed: 38, completedYear: 1965, reinforceYear: 2011, functions: '1,2', safetyClass: 2 },
      { name: '东坑水库', town: '100', scale: 2, totalCapacity: 42, damType: 1, damHeight: 14, bed: 46, completedYear: 1967, reinforceYear: 2013, functions: '1,2', safetyClass: 1 },
      { name: '溪口水库', town: '101', scale: 1, totalCapacity: 118, damType: 2, damHeight: 21.5, bed: 72, completedYear: 1973, reinforceYear: 2012, functions: '1,2,3', safetyClass: 1 },
      { name: '后坑水库', town: '102', scale: 2, totalCapacity: 26.4, damType: 1, damHeight: 10.8, bed: 55, completedYear: 1964, functions: '2', safetyClass: 3 },
      { name: '度峰水库', town: '103', scale: 2, totalCapacity: 67, damType: 3, damHeight: 16.5, bed: 128, completedYear: 1970, reinforceYear: 2015, functions: '1,2', safetyClass: 1 },
      { name: '上林水库', town: '105', scale: 2, totalCapacity: 33, damType: 1, damHeight: 12.6, bed: 94, completedYear: 1968, reinforceYear: 2010, functions: '1,2', safetyClass: 2 },
      { name: '大济水库', town: '108', scale: 1, totalCapacity: 236, damType: 6, damHeight: 29, bed: 210, completedYear: 1977, reinforceYear: 2014, functions: '1,2,4', safetyClass: 1 },
      { name: '龙华水库', town: '109', scale: 2, totalCapacity: 58, damType: 1, damHeight: 15.5, bed: 176, completedYear: 1972, reinforceYear: 2016, functions: '1,2', safetyClass: 1 },
      { name: '钟山水库', town: '110', scale: 1, totalCapacity: 152, damType: 2, damHeight: 26, bed: 388, completedYear: 1975, reinforceYear: 2011, functions: '1,2,4', safetyClass: 1 },
      { name: '游洋水库', town: '111', scale: 1, totalCapacity: 310, damType: 5, damHeight: 34, bed: 562, completedYear: 1978, reinforceYear: 2018, functions: '1,3,4', safetyClass: 1 },
      { name: '西苑水库', town: '200', scale: 2, totalCapacity: 21, damType: 1, damHeight: 10.2, bed: 452, completedYear: 1963, functions: '2', safetyClass: 2 },
      { name: '石苍水库', town: '201', scale: 2, totalCapacity: 46, damType: 4, damHeight: 14.8, bed: 334, completedYear: 1971, reinforceYear: 2017, functions: '1,2', safetyClass: 1 },
      { name: '社硎水库', town: '202', scale: 2, totalCapacity: 88, damType: 1, damHeight: 18, bed: 418, completedYear: 1974, reinforceYear: 2019, functions: '1,2', safetyClass: 1 },
      { name: '菜溪水库', town: '204', scale: 2, totalCapacity: 17.5, damType: 7, damHeight: 13.5, bed: 596, completedYear: 1976, functions: '2,4', safetyClass: 2 },
    ],
  },
  {
    tenantId: '003189', countyCode: '331181', countyName: '龙泉市', bureau: '龙泉市水利局', centre: [119.14, 28.07],
    reservoirs: [
      { name: '八都水库', town: '100', scale: 1, totalCapacity: 205, damType: 5, damHeight: 36, bed: 318, completedYear: 1977, reinforceYear: 2016, functions: '1,3,4', safetyClass: 1 },
      { name: '上垟水库', town: '101', scale: 2, totalCapacity: 64, damType: 1, damHeight: 17, bed: 362, completedYear: 1972, reinforceYear: 2013, functions: '1,2', safetyClass: 1 },
      { name: '小梅水库', town: '102', scale: 2, totalCapacity: 38, damType: 2, damHeight: 15, bed: 412, completedYear: 1969, reinforceYear: 2012, functions: '1,2', safetyClass: 2 },
      { name: '查田水库', town: '103', scale: 1, totalCapacity: 132, damType: 1, damHeight: 23.5, bed: 286, completedYear: 1975, reinforceYear: 2015, functions: '1,2', safetyClass: 1 },
      { name: '安仁水库', town: '104', scale: 2, totalCapacity: 27, damType: 1, damHeight: 11, bed: 198, completedYear: 1966, functions: '2', safetyClass: 3 },
      { name: '锦溪水库', town: '105', scale: 2, totalCapacity: 51, damType: 6, damHeight: 19, bed: 244, completedYear: 1973, reinforceYear: 2017, functions: '1,2,4', safetyClass: 1 },
      { name: '住龙水库', town: '106', scale: 1, totalCapacity: 178, damType: 9, damHeight: 42, bed: 536, completedYear: 1978, reinforceYear: 2020, functions: '1,4', safetyClass: 1 },
      { name: '屏南水库', town: '107', scale: 2, totalCapacity: 22.5, damType: 1, damHeight: 10.5, bed: 826, completedYear: 1965, functions: '2', safetyClass: 2 },
      { name: '兰巨水库', town: '200', scale: 2, totalCapacity: 45, damType: 3, damHeight: 14, bed: 268, completedYear: 1970, reinforceYear: 2014, functions: '1,2', safetyClass: 1 },
      { name: '宝溪水库', town: '202', scale: 2, totalCapacity: 72, damType: 7, damHeight: 21, bed: 642, completedYear: 1976, reinforceYear: 2018, functions: '1,2,4', safetyClass: 1 },
      { name: '道太水库', town: '204', scale: 2, totalCapacity: 31, damType: 1, damHeight: 12, bed: 384, completedYear: 1968, reinforceYear: 2011, functions: '1,2', safetyClass: 2 },
      { name: '城北水库', town: '206', scale: 2, totalCapacity: 19, damType: 1, damHeight: 9.8, bed: 232, completedYear: 1963, functions: '1,2', safetyClass: 2 },
    ],
  },
];
