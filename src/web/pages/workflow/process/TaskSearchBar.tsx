/** The search of the task lists and the process monitor: process name, title, a date range of the creation time. */
import { DatePicker, Form, Input, Button, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TaskSearch } from './processApi';

interface SearchFields {
  processDefinitionName?: string;
  title?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const TEXT_MAX = 100;

export function TaskSearchBar({ onSearch }: { onSearch: (search: TaskSearch) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchFields>();
  const search = (values: SearchFields) =>
    onSearch({
      processDefinitionName: values.processDefinitionName,
      title: values.title,
      startDate: values.range?.[0]?.format('YYYY-MM-DD'),
      endDate: values.range?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Form form={form} layout="inline" className="process-search" onFinish={search} data-testid="process-search">
      <Form.Item name="processDefinitionName">
        <Input allowClear maxLength={TEXT_MAX} placeholder={t('workflowProcess.search.processName')} data-testid="process-search-name" />
      </Form.Item>
      <Form.Item name="title">
        <Input allowClear maxLength={TEXT_MAX} placeholder={t('workflowProcess.search.title')} />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker placeholder={[t('workflowProcess.search.dateStart'), t('workflowProcess.search.dateEnd')]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="process-search-submit">
            {t('workflowProcess.search.submit')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('workflowProcess.search.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
