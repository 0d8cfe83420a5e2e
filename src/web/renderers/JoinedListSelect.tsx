/**
 * Several dictionary keys kept as one comma-joined string (a reservoir's
 * main functions "1,2"): chosen several at a time from the dictionary, stored
 * joined as the server keeps them.
 */
import { Select, type SelectProps } from 'antd';
import { joinIds, splitIds } from './schemaFields';

export interface JoinedListSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'mode'> {
  value?: string | null;
  onChange?: (value: string) => void;
}

export function JoinedListSelect({ value, onChange, ...rest }: JoinedListSelectProps) {
  return <Select {...rest} mode="multiple" value={splitIds(value)} onChange={(keys: (string | number)[]) => onChange?.(joinIds(keys.map(String)))} />;
}
