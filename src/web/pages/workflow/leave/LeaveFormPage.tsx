/**
 * 请假申请 /work/process/leave/form/:processDefinitionId: the leave form —
 * type, start and end, the days (counted as the dates are chosen, by the
 * same rule the server stores; read-only) and the reason. 提交 starts the
 * leave's process in one call (start-process) and opens 已发事务 (/work/send);
 * a refusal (bad dates, nobody to approve) is shown and nothing is stored.
 */
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { leaveDaysOf } from '../../../../shared/leaveDays';
import { startLeave } from './leaveApi';
import { LEAVE_LIST_PATH } from './leavePaths';
import { useLeaveDictionaries } from './useLeaveDictionaries';
import './leave.css';

const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';
const REASON_MAX = 500;
const SENT_PATH = '/work/send';

interface LeaveFormValues {
  leaveType?: number;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  reason?: string;
}

const wire = (value: Dayjs | null | undefined) => value?.format(WIRE_TIME);

export function LeaveFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { processDefinitionId = '' } = useParams();
  const { types } = useLeaveDictionaries();
  const [form] = Form.useForm<LeaveFormValues>();
  const startTime = Form.useWatch('startTime', form);
  const endTime = Form.useWatch('endTime', form);
  const [isSubmitting, setSubmitting] = useState(false);
  const days = leaveDaysOf(wire(startTime), wire(endTime));

  const submit = async (values: LeaveFormValues) => {
    setSubmitting(true);
    try {
      await startLeave({
        processDefinitionId,
        leaveType: values.leaveType!,
        startTime: wire(values.startTime)!,
        endTime: wire(values.endTime)!,
        reason: values.reason!.trim(),
      });
      void message.success(t('workflowLeave.form.started'));
      navigate(SENT_PATH);
    } catch {
      // the request layer showed the server's refusal
    } finally {
      setSubmitting(false);
    }
  };

  const endAfterStart = {
    validator: async (_: unknown, value: Dayjs | null | undefined) => {
      const start = form.getFieldValue('startTime') as Dayjs | null | undefined;
      if (value && start && !value.isAfter(start)) throw new Error(t('workflowLeave.form.endAfterStart'));
    },
  };

  return (
    <div className="leave-page" data-testid="leave-form-page">
      <Card title={t('workflowLeave.form.title')} variant="borderless">
        <Form<LeaveFormValues> form={form} layout="vertical" className="leave-form" onFinish={(values) => void submit(values)} data-testid="leave-form">
          <Form.Item
            name="leaveType"
            label={t('workflowLeave.field.leaveType')}
            rules={[{ required: true, message: t('workflowLeave.form.leaveTypeRequired') }]}
          >
            <Select<number> options={types.map((entry) => ({ value: Number(entry.dictKey), label: entry.label }))} data-testid="leave-type" />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="startTime" label={t('workflowLeave.field.startTime')} rules={[{ required: true, message: t('workflowLeave.form.startRequired') }]}>
              <DatePicker showTime format={WIRE_TIME} data-testid="leave-start" />
            </Form.Item>
            <Form.Item
              name="endTime"
              label={t('workflowLeave.field.endTime')}
              dependencies={['startTime']}
              rules={[{ required: true, message: t('workflowLeave.form.endRequired') }, endAfterStart]}
            >
              <DatePicker showTime format={WIRE_TIME} data-testid="leave-end" />
            </Form.Item>
            <Form.Item label={t('workflowLeave.field.days')} tooltip={t('workflowLeave.form.daysHint')}>
              <InputNumber value={days ?? null} readOnly disabled style={{ width: 120 }} data-testid="leave-days" />
            </Form.Item>
          </Space>
          <Form.Item
            name="reason"
            label={t('workflowLeave.field.reason')}
            rules={[{ required: true, whitespace: true, message: t('workflowLeave.form.reasonRequired') }]}
          >
            <Input.TextArea rows={4} maxLength={REASON_MAX} showCount placeholder={t('workflowLeave.form.reasonPlaceholder')} data-testid="leave-reason" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSubmitting} data-testid="leave-submit">
              {t('workflowLeave.form.submit')}
            </Button>
            <Button onClick={() => navigate(LEAVE_LIST_PATH)}>{t('workflowLeave.form.back')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}

export default LeaveFormPage;
