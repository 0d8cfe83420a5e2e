/**
 * The three kinds of field work that share one setup shape (business-domain
 * §7): inspection, maintenance and cleaning each have an item catalogue, item
 * groups and objects, at /api/v1/<kind>/…, while one structure-template tree
 * (inspect/structTemplate) serves all three through its structType.
 */
import type { EntityModel } from '../../engine/entityModel.js';
import { entityModel } from '../../engine/entityRegistry.js';

export type SetupKind = 'inspect' | 'maintain' | 'clean';

export const SETUP_KINDS: SetupKind[] = ['inspect', 'maintain', 'clean'];

/** structType of the structure templates (struct_type dictionary) each kind's objects and template items use. */
export const STRUCT_TYPE: Record<SetupKind, 1 | 2 | 3> = { inspect: 1, maintain: 2, clean: 3 };

export function kindOfStructType(structType: unknown): SetupKind | undefined {
  return SETUP_KINDS.find((kind) => STRUCT_TYPE[kind] === Number(structType));
}

/** What a kind is called in messages. */
export const KIND_LABEL: Record<SetupKind, { zh: string; en: string }> = {
  inspect: { zh: '巡查', en: 'inspection' },
  maintain: { zh: '养护', en: 'maintenance' },
  clean: { zh: '保洁', en: 'cleaning' },
};

export const itemModel = (kind: SetupKind): EntityModel => entityModel(`${kind}/item`);
export const itemGroupModel = (kind: SetupKind): EntityModel => entityModel(`${kind}/itemGroup`);
export const objectModel = (kind: SetupKind): EntityModel => entityModel(`${kind}/object`);
export const structTemplateModel = (): EntityModel => entityModel('inspect/structTemplate');
export const templateItemModel = (): EntityModel => entityModel('inspect/templateItem');
export const planModel = (): EntityModel => entityModel('inspect/plan');
export const reservoirModel = (): EntityModel => entityModel('reservoir/reservoir');
export const userModel = (): EntityModel => entityModel('system/user');
