/**
 * Demo hidden dangers, maintenance projects and drills at the seeded
 * reservoirs (urgentSuppliesCatalog.ts), dated back from today, as rows for
 * urgentSupplies.ts to insert. Rows whose title is already present are left
 * out, so seeding again adds nothing. A county without reservoirs gets only
 * the drills held at the bureau.
 */
import { nextId } from '../db/ids.js';
import { KEEPERS, projectSeeds, riskSeeds, trainingSeeds } from './urgentSuppliesCatalog.js';
import { dayBefore, phoneOf } from './urgentSupplyMovements.js';

export interface Owner {
  tenantId: string;
  userId: string;
  deptId: string | null;
  name: string;
}

export interface SeededReservoir {
  tenantId: string;
  id: string;
  name: string;
  address: string;
  lon: number;
  lat: number;
  capacity: number;
}

export interface RegisterTable {
  table: string;
  /** The column whose value identifies a demo row. */
  titleColumn: string;
  columns: string[];
}

const STAMP = ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user'];
const stamp = (owner: Owner) => [nextId(), owner.tenantId, owner.userId, owner.deptId, owner.userId];

export const RISK_TABLE: RegisterTable = {
  table: 'urgent_risk',
  titleColumn: 'risk_name',
  columns: [
    ...STAMP,
    'reservoir_id',
    'risk_name',
    'risk_level',
    'risk_type',
    'dam_part',
    'find_date',
    'description',
    'measures',
    'responsible',
    'responsible_phone',
    'deadline',
    'risk_status',
    'close_date',
  ],
};

export const PROJECT_TABLE: RegisterTable = {
  table: 'urgent_project_maintain',
  titleColumn: 'project_name',
  columns: [
    ...STAMP,
    'reservoir_id',
    'project_name',
    'project_type',
    'budget',
    'fund_source',
    'start_date',
    'end_date',
    'contractor',
    'manager',
    'progress',
    'project_status',
    'content',
  ],
};

export const TRAINING_TABLE: RegisterTable = {
  table: 'urgent_training',
  titleColumn: 'title',
  columns: [...STAMP, 'title', 'training_type', 'training_date', 'reservoir_id', 'location', 'organizer', 'participants', 'content', 'attachments'],
};

/** `present` holds `tenantId/title` of the rows already there. */
export function riskRows(owner: Owner, reservoirs: SeededReservoir[], present: Set<string>): unknown[][] {
  if (reservoirs.length === 0) return [];
  return riskSeeds.flatMap((seed, index) => {
    const reservoir = reservoirs[(index * 3) % reservoirs.length];
    const riskName = `${reservoir.name}${seed.riskName}`;
    if (present.has(`${owner.tenantId}/${riskName}`)) return [];
    const responsible = KEEPERS[(index + 2) % KEEPERS.length];
    const closeDate = seed.riskStatus === 3 ? dayBefore(seed.foundDaysAgo - Math.round(seed.daysAllowed * 0.8)) : null;
    return [
      [
        ...stamp(owner),
        reservoir.id,
        riskName,
        seed.riskLevel,
        seed.riskType,
        seed.damPart,
        dayBefore(seed.foundDaysAgo),
        seed.description,
        seed.measures,
        responsible,
        phoneOf(`${owner.tenantId}${responsible}`),
        dayBefore(seed.foundDaysAgo - seed.daysAllowed),
        seed.riskStatus,
        closeDate,
      ],
    ];
  });
}

export function projectRows(owner: Owner, reservoirs: SeededReservoir[], present: Set<string>): unknown[][] {
  if (reservoirs.length === 0) return [];
  return projectSeeds.flatMap((seed, index) => {
    const reservoir = reservoirs[(index * 2 + 1) % reservoirs.length];
    const projectName = `${reservoir.name}${seed.projectName}`;
    if (present.has(`${owner.tenantId}/${projectName}`)) return [];
    return [
      [
        ...stamp(owner),
        reservoir.id,
        projectName,
        seed.projectType,
        seed.budget,
        seed.fundSource,
        dayBefore(seed.startDaysAgo),
        dayBefore(seed.startDaysAgo - seed.days),
        seed.contractor,
        KEEPERS[(index + 4) % KEEPERS.length],
        seed.progress,
        seed.projectStatus,
        seed.content,
      ],
    ];
  });
}

export function trainingRows(owner: Owner, countyName: string, reservoirs: SeededReservoir[], present: Set<string>): unknown[][] {
  return trainingSeeds.flatMap((seed) => {
    const reservoir = seed.atReservoir ? reservoirs[0] : undefined;
    if (seed.atReservoir && !reservoir) return [];
    const title = reservoir ? `${reservoir.name}${seed.title}` : `${countyName}${seed.title}`;
    if (present.has(`${owner.tenantId}/${title}`)) return [];
    return [
      [
        ...stamp(owner),
        title,
        seed.trainingType,
        dayBefore(seed.daysAgo),
        reservoir?.id ?? null,
        reservoir ? `${reservoir.name}大坝` : `${countyName}水利局会议室`,
        `${countyName}水利局`,
        seed.participants,
        seed.content,
        JSON.stringify([]),
      ],
    ];
  });
}
