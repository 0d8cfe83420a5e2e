/** The user picker's query and selection rules (platform-core §2, §5), free of React. */
import { USER_PICKER_PAGE_SIZE } from '../paginatorRules';

export interface UserPickerFilters {
  name?: string;
  dept?: string;
  post?: string;
}

/** GET user/page parameters: paging by 10 and the filters that are filled in (trimmed). */
export function userPageParams(current: number, filters: UserPickerFilters): Record<string, string | number> {
  const params: Record<string, string | number> = { current, size: USER_PICKER_PAGE_SIZE };
  const trimmed = { realName: filters.name?.trim(), deptName: filters.dept?.trim(), postName: filters.post?.trim() };
  for (const [key, value] of Object.entries(trimmed)) if (value) params[key] = value;
  return params;
}

/** Selecting a row: single mode keeps only it, multi mode toggles it. */
export function toggleSelection(selected: string[], id: string, isMultiple: boolean): string[] {
  if (!isMultiple) return selected.length === 1 && selected[0] === id ? [] : [id];
  return selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id];
}

/** Confirming needs at least one row (请选择至少一条数据). */
export function canConfirm(selected: readonly unknown[]): boolean {
  return selected.length > 0;
}
