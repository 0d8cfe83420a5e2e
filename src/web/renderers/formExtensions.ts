/**
 * What a register's add / edit dialog needs beyond its schema, registered by
 * the area that knows it (pages/system/actionComponents.ts): a dialog width
 * the spec fixes (tenant package 600 px) and hand-written widgets for fields
 * a generic control cannot edit (a menu tree whose ids are saved
 * comma-joined). A widget receives the field's value and onChange.
 */
import type { ComponentType } from 'react';

export interface FormExtension {
  dialogWidth?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  widgets?: Record<string, ComponentType<any>>;
}

const registry = new Map<string, FormExtension>();

export function registerFormExtensions(extensions: Record<string, FormExtension>): void {
  for (const [schemaId, extension] of Object.entries(extensions)) registry.set(schemaId, extension);
}

export function formExtension(schemaId: string): FormExtension {
  return registry.get(schemaId) ?? {};
}
