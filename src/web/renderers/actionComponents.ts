/**
 * Hand-written action dialogs by name (`ui.component` in a schema): what a
 * register needs that a form cannot express, such as the role grant trees.
 * Areas register theirs (pages/system/actionComponents.ts); the renderers
 * look them up by name and never import a page.
 */
import type { ComponentType } from 'react';
import type { ClientSchema } from '../../shared/clientSchema';
import type { ActionTarget, UiBinding } from './actionLogic';

export interface ActionComponentProps {
  schema: ClientSchema;
  binding: UiBinding;
  /** The row it was started from, or the selected ids. */
  target: ActionTarget;
  onClose: () => void;
  /** The work is done: the page says so (操作成功 unless a toast is given, any initial passwords of the answer) and reloads. */
  onDone: (answer?: unknown, toast?: string) => Promise<void>;
}

export type ActionComponent = ComponentType<ActionComponentProps>;

const registry = new Map<string, ActionComponent>();

export function registerActionComponents(components: Record<string, ActionComponent>): void {
  for (const [name, component] of Object.entries(components)) registry.set(name, component);
}

export function actionComponent(name: string): ActionComponent | undefined {
  return registry.get(name);
}
