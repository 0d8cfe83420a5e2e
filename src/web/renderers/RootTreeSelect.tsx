/**
 * A parent picker whose "no parent" is stored as a root marker (parentId 0,
 * a region's parent code 00): the marker shows as an empty choice, and
 * clearing the choice puts the marker back instead of leaving no value.
 */
import { TreeSelect, type TreeSelectProps } from 'antd';

export interface RootTreeSelectProps extends Omit<TreeSelectProps, 'value' | 'onChange'> {
  value?: string | null;
  onChange?: (value: string) => void;
  /** The stored root marker (the field's default). */
  root: string;
}

export function RootTreeSelect({ value, onChange, root, ...rest }: RootTreeSelectProps) {
  return <TreeSelect {...rest} value={value === root || value === null ? undefined : value} onChange={(next?: string) => onChange?.(next ?? root)} />;
}

/** The root marker of a single-parent picker: a default of zeros (0, 00). */
export function rootMarkerOf(defaultValue: unknown): string | undefined {
  return typeof defaultValue === 'string' && /^0+$/.test(defaultValue) ? defaultValue : undefined;
}
