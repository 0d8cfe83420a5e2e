/**
 * The generic paginator: total (an estimate said as one), sizes (10/20/30/50,
 * default 20), prev, pager, next, jumper — in that order. Under 992 px the pager shows 5 page
 * buttons, else 7.
 */
import { Pagination, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../stores/settingsStore';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageAfterSizeChange, pagerCount, totalText } from './paginatorRules';
import './components.css';

export interface PaginatorProps {
  current: number;
  total: number;
  /** The server's total is the planner's estimate (Page.totalIsEstimate): shown as one, "约 62,000 条". */
  totalIsEstimate?: boolean;
  pageSize?: number;
  pageSizes?: readonly number[];
  /** false hides the size chooser (the user picker pages by 10). */
  hasSizes?: boolean;
  disabled?: boolean;
  onChange: (current: number, pageSize: number) => void;
}

export const Paginator = observer(function Paginator({
  current,
  total,
  totalIsEstimate,
  pageSize = DEFAULT_PAGE_SIZE,
  pageSizes = PAGE_SIZES,
  hasSizes = true,
  disabled,
  onChange,
}: PaginatorProps) {
  const { t, i18n } = useTranslation();
  const isCompact = pagerCount(settingsStore.width) === 5;
  return (
    <div className="paginator" data-testid="paginator">
      <span className="paginator-total">{totalText(t, total, totalIsEstimate, i18n.language)}</span>
      {hasSizes && (
        <Select
          size="small"
          className="paginator-sizes"
          value={pageSize}
          disabled={disabled}
          popupMatchSelectWidth={false}
          options={pageSizes.map((size) => ({ value: size, label: t('shell.paginator.perPage', { size }) }))}
          onChange={(size: number) => onChange(pageAfterSizeChange(current, total, size), size)}
        />
      )}
      <Pagination
        size="small"
        current={current}
        pageSize={pageSize}
        total={total}
        disabled={disabled}
        showSizeChanger={false}
        showQuickJumper
        showLessItems={isCompact}
        onChange={(page) => onChange(page, pageSize)}
      />
    </div>
  );
});
