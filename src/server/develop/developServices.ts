/**
 * What the code generator's handlers need from the application that is not in
 * an action's context: the networks data sources may reach. Kept per database
 * pool, i.e. per application, because tests run several applications in one process.
 */
import type { Db } from '../db/pool.js';

export interface DevelopServices {
  /** CIDR networks a data source may be in besides public addresses (DATASOURCE_ALLOW_NETWORKS). */
  allowNetworks: readonly string[];
}

const services = new WeakMap<Db, DevelopServices>();

export function setDevelopServices(db: Db, value: DevelopServices): void {
  services.set(db, value);
}

export function developServicesOf(db: Db): DevelopServices {
  const value = services.get(db);
  if (!value) throw new Error('The code generator was not registered on this application (registerCodeGenerator)');
  return value;
}
